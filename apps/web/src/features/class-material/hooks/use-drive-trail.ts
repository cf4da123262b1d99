import { useState } from 'react';

export interface Crumb {
  id: string;
  name: string;
}

/**
 * Where the drive screen is: the folders opened from the root, in order (spec section 2). Empty
 * means the root, the classes. `linked` is the trail a link to a folder names (lib/folder-link.ts):
 * the screen starts there, and moves there again when another such link is followed.
 */
export function useDriveTrail(linked: Crumb[] = [], linkKey = '') {
  const [trail, setTrail] = useState<Crumb[]>(linked);
  const [followed, setFollowed] = useState(linkKey);
  if (linkKey !== followed) {
    setFollowed(linkKey);
    setTrail(linked);
  }
  return {
    trail,
    current: trail.at(-1) ?? null,
    open: (crumb: Crumb) => setTrail((previous) => [...previous, crumb]),
    /** The back arrow removes the last entry. */
    back: () => setTrail((previous) => previous.slice(0, -1)),
    home: () => setTrail([]),
    goTo: (index: number) => setTrail((previous) => previous.slice(0, index + 1)),
  };
}
