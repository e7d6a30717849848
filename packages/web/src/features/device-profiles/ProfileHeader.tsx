import type { DeviceProfile } from '@evfleet/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/routes';

interface ProfileHeaderProps {
  profile: DeviceProfile;
  /** The form holds changes not yet saved. */
  unsaved: boolean;
  saving: boolean;
}

/** The editor's top: back to the list, the profile's name and how many vehicles read by it, and Save. */
export function ProfileHeader({ profile, unsaved, saving }: ProfileHeaderProps) {
  const { t } = useTranslation('device-profiles');
  return (
    <Group justify="space-between" align="flex-start">
      <Group gap="sm" align="center">
        <Button component={Link} to={ROUTES.deviceProfiles} variant="default" data-testid="profile-back">
          {t('editor.back')}
        </Button>
        <Stack gap={0}>
          <Group gap="xs">
            <Title order={2} data-testid="profile-title">
              {profile.name}
            </Title>
            {profile.builtIn && (
              <Badge variant="light" color="gray">
                {t('builtIn')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('editor.vehicles', { count: profile.vehicles })}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm">
        {unsaved && (
          <Badge color="orange" variant="light" data-testid="profile-unsaved">
            {t('editor.unsaved')}
          </Badge>
        )}
        <Button type="submit" loading={saving} data-testid="profile-save">
          {t('editor.save')}
        </Button>
      </Group>
    </Group>
  );
}
