// What the API keys offer other features: their page, mounted in the account area.
export { ApiKeysPage } from './ApiKeysPage';
