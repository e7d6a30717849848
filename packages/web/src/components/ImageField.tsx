import { MAX_IMAGE_BYTES } from '@evfleet/domain';
import { Avatar, FileInput, Group, Loader } from '@mantine/core';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, isAcceptedImage, photoSrc, uploadImage } from './image';

interface ImageFieldProps {
  label: string;
  /** The image's accessible name in the preview. */
  alt: string;
  /** The image the record has now (base64), shown until another is uploaded. */
  initialData: string | null;
  /** The image's file id now (undefined: none); an upload replaces it. */
  initialFileId: number | undefined;
  /** The file id the record keeps: the uploaded one, or the initial one after clearing. */
  onFileId: (fileId: number | undefined) => void;
  error?: string;
  /** Prefix of the test ids: `{testId}`, `{testId}-input`, `{testId}-preview`. */
  testId: string;
  /** A photo of a person shows round, a picture of a thing square. */
  round?: boolean;
}

/** An image chosen, checked against the accepted types (§5) and uploaded at once (api/file/upload). */
export function ImageField({
  label,
  alt,
  initialData,
  initialFileId,
  onFileId,
  error,
  testId,
  round = true,
}: ImageFieldProps) {
  const { t } = useTranslation('components');
  const [data, setData] = useState(initialData);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    if (!chosen) {
      // Clearing the choice goes back to the image the record had.
      setData(initialData);
      return onFileId(initialFileId);
    }
    if (!isAcceptedImage(chosen)) return setProblem(t('image.types', { types: IMAGE_ACCEPT.replace(/,/g, ', ') }));
    if (chosen.size > MAX_IMAGE_BYTES) return setProblem(t('image.tooLarge', { mb: MAX_IMAGE_BYTES / 1024 / 1024 }));
    setUploading(true);
    try {
      const uploaded = await uploadImage(chosen);
      setData(uploaded.data);
      onFileId(uploaded.id);
    } catch {
      setFile(null); // the HTTP client has already said why
    } finally {
      setUploading(false);
    }
  };

  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <Avatar src={photoSrc(data)} alt={alt} size={56} radius={round ? 'xl' : 'sm'} data-testid={`${testId}-preview`} />
      <FileInput
        flex={1}
        label={label}
        placeholder={t('image.choose')}
        accept={IMAGE_ACCEPT}
        clearable
        value={file}
        onChange={choose}
        rightSection={uploading ? <Loader size="xs" /> : undefined}
        error={problem ?? error}
        data-testid={testId}
        fileInputProps={{ 'data-testid': `${testId}-input` } as ComponentPropsWithoutRef<'input'>}
      />
    </Group>
  );
}
