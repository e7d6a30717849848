import type { AlertAttribute, SheetUploadResult } from '@evfleet/domain';
import { Alert, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ThresholdEditor } from '../../../components/thresholds/ThresholdEditor';
import { ThresholdUpload } from '../../../components/thresholds/ThresholdUpload';

interface NotificationsSettingsProps {
  value: readonly AlertAttribute[];
  onChange: (next: AlertAttribute[]) => void;
  /** Uploads a sheet for the stored vehicle; absent for a vehicle not saved yet. */
  upload?: (file: File) => Promise<SheetUploadResult>;
  /** 'Update This Signal Only' for the stored vehicle; absent for a vehicle not saved yet. */
  onSaveOne?: (attribute: AlertAttribute) => void;
  savingOne?: string | null;
  error?: string;
}

/** The collapsible 'Notifications Settings' of the vehicle form (§2): the spreadsheet upload and the threshold accordion. */
export function NotificationsSettings({
  value,
  onChange,
  upload,
  onSaveOne,
  savingOne,
  error,
}: NotificationsSettingsProps) {
  const { t } = useTranslation('vehicles');
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Paper withBorder radius="md" p="md" data-testid="notifications-settings">
      <Group justify="space-between">
        <Title order={4}>{t('notifications.title')}</Title>
        <Button variant="subtle" size="xs" onClick={toggle} aria-expanded={opened} data-testid="notifications-toggle">
          {opened ? t('hide') : t('show')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="sm" data-testid="thresholds-error" data-field-error tabIndex={-1}>
          {error}
        </Alert>
      )}
      <Collapse in={opened}>
        <Stack gap="md" mt="md">
          {upload ? (
            <ThresholdUpload send={upload} onUploaded={onChange} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('notifications.uploadLater')}
            </Text>
          )}
          <ThresholdEditor value={value} onChange={onChange} onSaveOne={onSaveOne} savingOne={savingOne} />
        </Stack>
      </Collapse>
    </Paper>
  );
}
