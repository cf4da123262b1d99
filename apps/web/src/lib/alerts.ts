import { t } from 'i18next';
import { ALERT_AUTO_CLOSE_MS } from '@academy/contract';
import { branding } from './branding';
import { prefersReducedMotion } from './reduced-motion';

// SweetAlert2 is loaded on first use, which keeps it out of the login page's first download.
const loadSwal = () => import('sweetalert2').then((module) => module.default);

type Icon = 'success' | 'error' | 'warning' | 'info';

/** SweetAlert2's animation classes, none of them: the alert simply shows and goes. */
const NO_ANIMATION = { popup: '', backdrop: '', icon: '' };

export interface AlertOptions {
  title: string;
  text?: string;
  /** Spec section 8's '3 s' alerts close by themselves. */
  autoClose?: boolean;
  /**
   * For an outcome followed by a move to another page: a corner notice that leaves the new page
   * usable, where a modal would hide it from screen readers until it closes. Always closes by itself.
   */
  toast?: boolean;
}

async function show(icon: Icon, { title, text, autoClose = false, toast = false }: AlertOptions): Promise<void> {
  const Swal = await loadSwal();
  const closes = autoClose || toast;
  // With less motion asked for, the alert appears and leaves without sliding, its icon is drawn at
  // once, and no bar shrinks across it for the 3 seconds (the bar's every frame is a layout).
  const still = prefersReducedMotion();
  await Swal.fire({
    icon,
    title,
    text,
    toast,
    position: toast ? 'top-end' : 'center',
    showConfirmButton: !toast,
    timer: closes ? ALERT_AUTO_CLOSE_MS : undefined,
    timerProgressBar: closes && !still,
    ...(still ? { showClass: NO_ANIMATION, hideClass: NO_ANIMATION } : {}),
    confirmButtonText: t('general.ok'),
    confirmButtonColor: branding.colors.navy,
    // Without this SweetAlert2 sets the page's height to auto, which makes the shell jump
    // (toasts leave the page alone, and SweetAlert2 warns if told).
    ...(toast ? {} : { heightAuto: false }),
  });
}

/** Starts the download early, e.g. while a request is in flight, so its alert opens at once. */
export function preloadAlerts(): void {
  void loadSwal();
}

export const alerts = {
  success: (options: AlertOptions) => show('success', options),
  error: (options: AlertOptions) => show('error', options),
  warning: (options: AlertOptions) => show('warning', options),
  info: (options: AlertOptions) => show('info', options),
};
