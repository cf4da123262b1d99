import { t } from 'i18next';
import { OTP_LENGTH } from '@academy/contract';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { placeDigits, type OtpDigits } from '../lib/otp-digits';

/**
 * A box that already held a digit and was typed into with the caret before or after it holds two;
 * the new one is the one to keep. Longer text (a paste, an autofill) is kept whole.
 */
function withoutOldDigit(text: string, old: string): string {
  if (text.length !== 2 || !old) return text;
  if (text.startsWith(old)) return text.slice(1);
  if (text.endsWith(old)) return text.slice(0, 1);
  return text;
}

interface OtpInputProps {
  value: OtpDigits;
  onChange: (digits: OtpDigits) => void;
  disabled?: boolean;
  error?: boolean;
  /** Names the group for screen readers, e.g. 'OTP'. */
  label: string;
}

/**
 * Spec section 2's one box per digit: digits only, the caret moves on as you type and back on
 * Backspace, and a pasted code (or a phone's one-time-code autofill) fills the boxes, cut to 5.
 */
export function OtpInput({ value, onChange, disabled, error, label }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[index]?.focus();

  const place = (index: number, text: string) => {
    const placed = placeDigits(value, index, text);
    onChange(placed.digits);
    focus(placed.focus);
  };

  const type = (index: number, text: string) => {
    if (text === '') {
      onChange(value.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    place(index, withoutOldDigit(text, value[index] ?? ''));
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      onChange(value.map((digit, i) => (i === index - 1 ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    place(index, event.clipboardData.getData('text'));
  };

  return (
    // Five boxes and their gaps fit a 320 px phone inside the page's card (WCAG 1.4.10).
    <Box role="group" aria-label={label} sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.5 }, justifyContent: 'center' }}>
      {value.map((digit, index) => (
        <InputBase
          key={index}
          value={digit}
          // The step opens ready to type the code.
          autoFocus={index === 0}
          disabled={disabled}
          error={error}
          inputRef={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => keyDown(index, event)}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => paste(index, event)}
          onFocus={(event) => event.target.select()}
          slotProps={{
            input: {
              inputMode: 'numeric',
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              'aria-label': t('passwordReset.digitOf', { index: index + 1, total: OTP_LENGTH }),
              'aria-invalid': error || undefined,
            },
          }}
          sx={{
            width: { xs: 40, sm: 56 },
            height: { xs: 56, sm: 64 },
            border: 2,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 2,
            fontSize: '1.6rem',
            fontWeight: 700,
            '&.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main' },
            '& input': { textAlign: 'center', p: 0 },
          }}
        />
      ))}
    </Box>
  );
}
