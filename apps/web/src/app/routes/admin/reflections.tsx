import { ReflectionsScreen } from '@/features/admin-reflections';

export default function AdminReflectionsPage() {
  return <ReflectionsScreen />;
}
