import { deviceProfileWriteSchema, type DeviceProfile, type DeviceProfileWrite } from '@evfleet/domain';
import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useSaveDeviceProfile } from './api/device-profiles-api';

interface ProfileNameModalProps {
  /** null: a new profile; a profile: renaming it (its mappings go along unchanged). */
  profile: DeviceProfile | null;
  opened: boolean;
  /** The profiles a new one may start as a copy of. */
  profiles: readonly DeviceProfile[];
  onClose: () => void;
  /** A new profile was made: its editor opens. */
  onCreated: (profile: DeviceProfile) => void;
}

/** Create a profile (empty, or a copy of another's mappings) or rename one: the domain's profile schema decides. */
export function ProfileNameModal({ profile, opened, profiles, onClose, onCreated }: ProfileNameModalProps) {
  const { t } = useTranslation('device-profiles');
  const domainText = useDomainText();
  const save = useSaveDeviceProfile();

  const submit = async (values: DeviceProfileWrite) => {
    const saved = await save.mutateAsync({ id: profile?.id, profile: values });
    onClose();
    if (profile) toast.success(t('name.renamed', { name: saved.name }));
    else {
      toast.success(t('name.created', { name: saved.name }));
      onCreated(saved);
    }
  };

  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={profile ? t('name.renameTitle', { name: profile.name }) : t('name.createTitle')}
      schema={deviceProfileWriteSchema}
      defaultValues={{ name: profile?.name ?? '', protocol: 'teltonika', mappings: profile?.mappings ?? [] }}
      onSubmit={submit}
    >
      {({ register, setValue, formState: { errors } }) => (
        <>
          <TextInput
            label={t('name.label')}
            withAsterisk
            data-autofocus
            data-testid="profile-name"
            error={domainText(errors.name?.message)}
            {...register('name')}
          />
          {!profile && (
            <NativeSelect
              label={t('name.startFrom')}
              data={[
                { value: '', label: t('name.startEmpty') },
                ...profiles.map((each) => ({
                  value: String(each.id),
                  label: t('name.startCopy', { name: each.name, mappings: each.mappings.length }),
                })),
              ]}
              onChange={(event) =>
                setValue(
                  'mappings',
                  profiles.find((each) => String(each.id) === event.currentTarget.value)?.mappings ?? [],
                )
              }
              data-testid="profile-start-from"
            />
          )}
        </>
      )}
    </EntityModal>
  );
}
