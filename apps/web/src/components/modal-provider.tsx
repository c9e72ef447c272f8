import { ModalsProvider, useModals } from '@mantine/modals';
import { useEffect } from 'react';

type Modals = ReturnType<typeof useModals>;

/** Hands the modals manager to modal-host.tsx once it is on the page. */
function Bridge({ onReady }: { onReady: (modals: Modals) => void }) {
  const modals = useModals();
  useEffect(() => onReady(modals), [modals, onReady]);
  return null;
}

/** Mantine's modals manager, loaded by modal-host.tsx when the first dialog is asked for. */
export default function ModalProvider({ onReady }: { onReady: (modals: Modals) => void }) {
  return (
    <ModalsProvider>
      <Bridge onReady={onReady} />
    </ModalsProvider>
  );
}
