import { zoneWriteSchema, type Zone, type ZoneWrite } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Box, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../api/http';
import { QueryStatus } from '../../components/QueryStatus';
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useCan } from '../../session/useCan';
import { useZoneOwnerChoices } from './api/owner-choices';
import { useSaveZone, useZone } from './api/zones-api';
import { applyZoneFieldErrors } from './zone-field-errors';
import { formOf, type ZoneFormValues } from './zone-form';
import { ZoneFields } from './ZoneFields';
import { ZoneMapCard } from './ZoneMapCard';
import { ZoneVisits } from './ZoneVisits';

/** The map stays in view beside a long form: the shape is drawn while the settings are filled in. */
const STICKY = {
  position: 'sticky',
  top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))',
} as const;

/** /zones/new and /zones/:id: a zone's settings and its shape, drawn on the map beside them; a saved zone's visits below. */
export function ZoneEditorPage() {
  const { t } = useTranslation('zones');
  const isNew = useParams().id === undefined;
  const id = useIdParam();
  const zone = useZone(id);
  if (isNew) return <ZoneEditor zone={null} />;
  if (id === null || (zone.error instanceof HttpError && zone.error.call.status === 404)) return <NotFound />;
  if (!zone.data)
    return (
      <Box p="md">
        <QueryStatus query={zone} failed={t('editor.failed')} />
      </Box>
    );
  // Keyed by the zone: another one starts a fresh form and map; a refetch does not wipe unsaved changes.
  // The visits lie outside the form (their buttons never submit it) and follow the zone as saved.
  return (
    <>
      <ZoneEditor key={zone.data.id} zone={zone.data} />
      <Box px="md" pb="md">
        <ZoneVisits zone={zone.data} />
      </Box>
    </>
  );
}

function ZoneEditor({ zone }: { zone: Zone | null }) {
  const { t } = useTranslation('zones');
  const navigate = useNavigate();
  const readOnly = !useCan('zones');
  const owners = useZoneOwnerChoices(zone);
  const save = useSaveZone();
  const form = useForm<ZoneFormValues, unknown, ZoneWrite>({
    resolver: zodResolver(zoneWriteSchema),
    defaultValues: formOf(zone),
    // useFocusFirstError brings the first field in error into view, the map's and the server's too.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  const { isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: zone?.id, zone: values });
      toast.success(t(zone ? 'editor.saved' : 'editor.created', { name: saved.name }));
      if (zone) form.reset(formOf(saved));
      else navigate(`${ROUTES.zones}/${saved.id}`, { replace: true });
    } catch (error) {
      applyZoneFieldErrors(error, form.setError);
    }
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="zone-editor">
      <Stack gap="md" p="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Anchor component={Link} to={ROUTES.zones} size="sm" data-testid="editor-back">
              {t('editor.back')}
            </Anchor>
            <Group gap="xs">
              <Title order={2} data-testid="zone-title">
                {zone ? zone.name : t('editor.newTitle')}
              </Title>
              {isDirty && !readOnly && (
                <Badge color="yellow" variant="light">
                  {t('editor.unsaved')}
                </Badge>
              )}
            </Group>
          </Stack>
          {!readOnly && (
            <Button type="submit" loading={isSubmitting} data-testid="zone-save">
              {t('editor.save')}
            </Button>
          )}
        </Group>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <ZoneFields form={form} owners={owners} readOnly={readOnly} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <div style={STICKY}>
              <ZoneMapCard control={form.control} zoneId={zone?.id} name={zone?.name ?? ''} readOnly={readOnly} />
            </div>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
