import { deviceProfileWriteSchema, type DeviceProfile, type DeviceProfileWrite } from '@evfleet/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import type { ModalProps } from '../../components/modal-props';
import { TextFields } from '../../components/form/TextFields';
import { toast } from '../../notify/toast';
import { useSaveDeviceProfile } from './api/device-profiles-api';

interface ProfileNameModalProps extends ModalProps {
  /** null: a new profile; a profile: renaming it (its mappings go along unchanged). */
  profile: DeviceProfile | null;
  /** The profiles a new one may start as a copy of. */
  profiles: readonly DeviceProfile[];
  /** A new profile was made: its editor opens. */
  onCreated: (profile: DeviceProfile) => void;
}

/** Create a profile (empty, or a copy of another's mappings) or rename one: the domain's profile schema decides. */
export function ProfileNameModal({ profile, profiles, onCreated, ...modal }: ProfileNameModalProps) {
  const { t } = useTranslation('device-profiles');
  const save = useSaveDeviceProfile();

  const submit = async (values: DeviceProfileWrite) => {
    const saved = await save.mutateAsync({ id: profile?.id, profile: values });
    modal.onClose();
    if (profile) toast.success(t('name.renamed', { name: saved.name }));
    else {
      toast.success(t('name.created', { name: saved.name }));
      onCreated(saved);
    }
  };

  return (
    <EntityModal
      {...modal}
      title={profile ? t('name.renameTitle', { name: profile.name }) : t('name.createTitle')}
      schema={deviceProfileWriteSchema}
      defaultValues={{ name: profile?.name ?? '', protocol: 'teltonika', mappings: profile?.mappings ?? [] }}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[{ name: 'name', label: t('name.label'), autofocus: true, testId: 'profile-name' }]}
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
                form.setValue(
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
