import { MaintenancePage } from '@/features/maintenance/components/maintenance-page';

export function MaintenanceRoute() {
  return <MaintenancePage />;
}
