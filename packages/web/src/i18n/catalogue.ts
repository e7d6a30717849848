/**
 * A catalogue in another language for `English`: the same keys, each a text. Plural forms are keys
 * of their own ('count_one', 'count_other'); German has the same two.
 */
export type Catalogue<English> = { readonly [Key in keyof English]: string };
