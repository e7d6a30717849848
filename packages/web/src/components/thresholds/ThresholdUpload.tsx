import { MAX_SHEET_BYTES, TEMPLATE_TEXTS, type AlertAttribute, type SheetUploadResult } from '@evfleet/domain';
import { Anchor, Button, FileInput, Group } from '@mantine/core';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { THRESHOLD_EXAMPLE_FILE, THRESHOLD_EXAMPLE_HREF } from './example-sheet';
import { isSheet, SHEET_ACCEPT } from './sheet-upload';

interface ThresholdUploadProps {
  /** Sends the sheet (uploadSheet with the vehicle's or template's path); rejects after its toast. */
  send: (file: File) => Promise<SheetUploadResult>;
  /** The thresholds the sheet set, for the editor to show. */
  onUploaded: (attributes: AlertAttribute[]) => void;
  disabled?: boolean;
}

/**
 * The 'Upload' of the Notifications Settings and Configure Template sections (§4, §5, §8): a csv or
 * xlsx file, a loader and Upload disabled until the answer, then the success or failure toast.
 */
export function ThresholdUpload({ send, onUploaded, disabled = false }: ThresholdUploadProps) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) return toast.info(domainText(TEMPLATE_TEXTS.noFile));
    if (!isSheet(file))
      return toast.error(
        `${domainText(TEMPLATE_TEXTS.uploadFailed)} ${t('thresholds.sheetRule', { mb: MAX_SHEET_BYTES / 1024 / 1024 })}`,
      );
    setBusy(true);
    try {
      const result = await send(file);
      onUploaded(result.attributes);
      toast.success(domainText(TEMPLATE_TEXTS.uploaded));
      setFile(null);
    } catch {
      // uploadSheet has shown 'Upload File Failed.' or the server's row-and-column message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" align="flex-end" data-testid="threshold-upload">
      <FileInput
        w={280}
        label={t('thresholds.sheet')}
        placeholder={t('thresholds.chooseSheet')}
        accept={SHEET_ACCEPT}
        clearable
        value={file}
        onChange={setFile}
        disabled={disabled || busy}
        data-testid="threshold-file"
        fileInputProps={{ 'data-testid': 'threshold-file-input' } as ComponentPropsWithoutRef<'input'>}
      />
      <Button onClick={upload} loading={busy} disabled={disabled || busy} data-testid="threshold-upload-button">
        {t('thresholds.upload')}
      </Button>
      <Anchor
        href={THRESHOLD_EXAMPLE_HREF}
        download={THRESHOLD_EXAMPLE_FILE}
        size="sm"
        pb={8}
        data-testid="threshold-example"
      >
        {t('thresholds.example')}
      </Anchor>
    </Group>
  );
}
