import { Text, Title } from '@mantine/core';

/** A card's or panel's heading, with a line under it on what the section is for. */
export function SectionHeading({ title, hint }: { title: string; hint: string }) {
  return (
    <>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </>
  );
}
