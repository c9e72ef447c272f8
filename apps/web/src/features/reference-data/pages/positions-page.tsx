import { can, type PositionDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { AdminScreen } from '../../../components/admin-screen';
import { CompactList } from '../../../components/compact-list';
import type { Column } from '../../../components/data-table';
import { usePositions } from '../../../lib/api/get-positions';
import { useRoles } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { titleOf } from '../../../lib/localized';
import { useDeletePosition } from '../api/delete-position';
import { PositionForm } from '../components/position-form';

/** SPEC 2 Positions: #, Position En, Position Dr, Position Pa, Trainings, Action; Add toggles the form. */
export function PositionsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<PositionDto>[] = [
    { key: 'title_en', header: t('positions.positionEn'), render: (p) => <span dir="ltr">{p.title_en}</span> },
    { key: 'title_dr', header: t('positions.positionDr'), render: (p) => <span dir="rtl">{p.title_dr}</span> },
    { key: 'title_pa', header: t('positions.positionPa'), render: (p) => <span dir="rtl">{p.title_pa}</span> },
    {
      key: 'trainings',
      header: t('positions.trainings'),
      width: '32%',
      render: (p) => <CompactList items={p.trainings.map((training) => titleOf(training, language))} />,
    },
  ];
  return (
    <AdminScreen
      title={t('pages.titles.positions')}
      listLabel={t('positions.list')}
      list={usePositions()}
      columns={columns}
      nameOf={(p) => titleOf(p, language)}
      remove={useDeletePosition().mutateAsync}
      canManage={can(useRoles(), 'reference.manage')}
      minWidth={900}
      actionHeader={t('common.action')}
      renderForm={(position, done) => <PositionForm position={position} onSaved={done} onCancel={done} />}
    />
  );
}
