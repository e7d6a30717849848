import { MAX_IMAGE_BYTES } from '@evfleet/domain';
import { Avatar, FileInput, Group, Loader } from '@mantine/core';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { IMAGE_ACCEPT, isAcceptedImage, photoSrc } from './photo';
import { uploadImage } from './api/drivers-api';

interface DriverPhotoFieldProps {
  /** The photo the driver has now (base64), shown until another is uploaded. */
  initialData: string | null;
  /** The photo's file id now (undefined: none); an upload replaces it. */
  initialFileId: number | undefined;
  /** The file id the driver keeps as dbFileId: the uploaded one, or the initial one after clearing. */
  onFileId: (fileId: number | undefined) => void;
  error?: string;
}

/** The profile photo: chosen, checked against the accepted types (§5), uploaded at once (api/file/upload). */
export function DriverPhotoField({ initialData, initialFileId, onFileId, error }: DriverPhotoFieldProps) {
  const [data, setData] = useState(initialData);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    if (!chosen) {
      // Clearing the choice goes back to the photo the driver had.
      setData(initialData);
      return onFileId(initialFileId);
    }
    if (!isAcceptedImage(chosen)) return setProblem(`Accepted image types: ${IMAGE_ACCEPT.replace(/,/g, ', ')}`);
    if (chosen.size > MAX_IMAGE_BYTES) return setProblem(`The image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
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
      <Avatar src={photoSrc(data)} alt="Driver photo" size={56} radius="xl" data-testid="driver-photo-preview" />
      <FileInput
        flex={1}
        label="Photo"
        placeholder="Choose an image"
        accept={IMAGE_ACCEPT}
        clearable
        value={file}
        onChange={choose}
        rightSection={uploading ? <Loader size="xs" /> : undefined}
        error={problem ?? error}
        data-testid="driver-photo"
        fileInputProps={{ 'data-testid': 'driver-photo-input' } as ComponentPropsWithoutRef<'input'>}
      />
    </Group>
  );
}
