import { t } from 'i18next';
import { CheckIcon as Check } from '../../../components/icons/check';
import { SettingsIcon as Settings } from '../../../components/icons/settings';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useState } from 'react';
import { DATA_SAVER_MAX_HEIGHT, PLAYBACK_SPEEDS, type PlayerPreferences, type QualityChoice } from '../lib/player-preferences';

interface LessonSettingsMenuProps {
  preferences: PlayerPreferences;
  onChange: (preferences: PlayerPreferences) => void;
  /** The lesson's rungs (hls.js only); none: no quality choice to offer. */
  renditions: { label: string; height: number }[];
  /** The rung playing now, shown beside Auto. */
  playing: string | null;
}

/**
 * Above the button where there is room (the picture), else below it (a phone, whose player is at
 * the top of the page): measured against the page, not the frame, which is too short for it there.
 */
const POPPER_OPTIONS = {
  strategy: 'fixed' as const,
  modifiers: [
    { name: 'flip', options: { boundary: document.documentElement, rootBoundary: 'viewport', fallbackPlacements: ['bottom-end'] } },
    { name: 'preventOverflow', options: { boundary: document.documentElement, rootBoundary: 'viewport' } },
  ],
};

function Choice({ selected, label, disabled, onClick }: { selected: boolean; label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <MenuItem role="menuitemradio" aria-checked={selected} selected={selected} disabled={disabled} onClick={onClick} dense>
      <ListItemIcon>{selected ? <Check fontSize="small" /> : null}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** Quality (Auto or a rung the lesson has), data saver and speed: each remembered on this device. */
export function LessonSettingsMenu({ preferences, onChange, renditions, playing }: LessonSettingsMenuProps) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    button?.focus();
  };
  // A choice closes the menu, as a video service's does: the picture is what the viewer came for.
  const pick = (change: Partial<PlayerPreferences>) => {
    onChange({ ...preferences, ...change });
    close();
  };
  const quality = (choice: QualityChoice) => pick({ quality: choice });
  return (
    <>
      <IconButton ref={setButton} aria-label={t('lessons.settings')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((shown) => !shown)} sx={{ color: 'common.white' }}>
        <Settings />
      </IconButton>
      {/* A popper kept inside the player's frame (so it shows in full screen too), fixed so the
          frame does not clip it; no modal backdrop to catch the pointer once it is closed. */}
      <Popper open={open} anchorEl={button} placement="top-end" disablePortal popperOptions={POPPER_OPTIONS} sx={{ zIndex: 6 }}>
        <ClickAwayListener onClickAway={(event) => !button?.contains(event.target as Node) && setOpen(false)}>
          <Paper elevation={8} sx={{ maxHeight: '80vh', overflowY: 'auto' }}>
            <MenuList
              autoFocusItem={open}
              onKeyDown={(event) => {
                if (event.key === 'Escape' || event.key === 'Tab') {
                  event.preventDefault();
                  close();
                }
              }}
            >
              {renditions.length > 0 && <ListSubheader role="none">{t('lessons.quality')}</ListSubheader>}
              {renditions.length > 0 && (
                <Choice
                  selected={preferences.quality === 'auto'}
                  label={playing ? t('lessons.autoShowing', { quality: playing }) : t('lessons.auto')}
                  onClick={() => quality('auto')}
                />
              )}
              {[...renditions].reverse().map((rendition) => (
                <Choice
                  key={rendition.label}
                  selected={preferences.quality === rendition.label}
                  label={rendition.label}
                  disabled={preferences.dataSaver && rendition.height > DATA_SAVER_MAX_HEIGHT}
                  onClick={() => quality(rendition.label as QualityChoice)}
                />
              ))}
              {renditions.length > 0 && (
                <MenuItem dense role="menuitemcheckbox" aria-checked={preferences.dataSaver} onClick={() => pick({ dataSaver: !preferences.dataSaver })} sx={{ borderTop: 1, borderColor: 'divider' }}>
                  <ListItemIcon>{preferences.dataSaver ? <Check fontSize="small" /> : null}</ListItemIcon>
                  <ListItemText>{t('lessons.dataSaver')}</ListItemText>
                </MenuItem>
              )}
              <ListSubheader role="none">{t('lessons.speed')}</ListSubheader>
              {PLAYBACK_SPEEDS.map((speed) => (
                <Choice key={speed} selected={preferences.speed === speed} label={speed === 1 ? t('lessons.normalSpeed') : `${speed}×`} onClick={() => pick({ speed })} />
              ))}
            </MenuList>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}
