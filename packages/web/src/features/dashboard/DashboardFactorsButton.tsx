import {
  DASHBOARD_FACTOR_LABELS,
  DEFAULT_DASHBOARD_FACTORS,
  dashboardFactorsSchema,
  type DashboardFactors,
} from '@evfleet/domain';
import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useCan } from '../../session/useCan';
import { useDashboardFactors, useSaveDashboardFactors } from './api/dashboard-api';

const FACTOR_KEYS = Object.keys(DASHBOARD_FACTOR_LABELS) as (keyof DashboardFactors)[];

/** The inputs hold text; the schema coerces it to numbers (its zod input type is `unknown`). */
const factorsForm = dashboardFactorsSchema as unknown as z.ZodType<
  DashboardFactors,
  Record<keyof DashboardFactors, string | number>
>;

/** For administrators: the factors the Emission and Dollars Saved cards are computed with (docs/dashboard.md). */
export function DashboardFactorsButton() {
  const { t } = useTranslation('dashboard');
  const domainText = useDomainText();
  const mayChange = useCan('dashboardFactors');
  const [opened, setOpened] = useState(false);
  const factors = useDashboardFactors(mayChange && opened);
  const save = useSaveDashboardFactors();
  if (!mayChange) return null;

  const submit = async (values: DashboardFactors) => {
    await save.mutateAsync(values);
    toast.success(t('factors.saved'));
    setOpened(false);
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="dashboard-factors-open">
        {t('factors.title')}
      </Button>
      <EntityModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('factors.title')}
        schema={factorsForm}
        defaultValues={factors.data ?? DEFAULT_DASHBOARD_FACTORS}
        loading={factors.isPending}
        onSubmit={submit}
      >
        {({ register, formState: { errors } }) =>
          FACTOR_KEYS.map((key) => (
            <TextInput
              key={key}
              label={t(`factor.${key}`)}
              inputMode="decimal"
              error={domainText(errors[key]?.message)}
              data-testid={`factor-${key}`}
              {...register(key)}
            />
          ))
        }
      </EntityModal>
    </>
  );
}
