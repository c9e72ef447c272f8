import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear: top-right, mirrored to top-left in right-to-left languages. */
export function ToastHost() {
  const { dir } = useDirection();
  return <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} limit={5} />;
}
