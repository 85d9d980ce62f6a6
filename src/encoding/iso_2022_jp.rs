//! ISO-2022-JP (§12.2): the decoder's and the encoder's state machines.

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// ISO-2022-JP decoder states.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Ascii,
    Roman,
    Katakana,
    LeadingByte,
    TrailingByte,
    EscapeStart,
    Escape,
}

/// The states in the order [`Handler::state`] numbers them.
const STATES: [State; 7] = [
    State::Ascii,
    State::Roman,
    State::Katakana,
    State::LeadingByte,
    State::TrailingByte,
    State::EscapeStart,
    State::Escape,
];

/// The ISO-2022-JP decoder's state (§12.2.1).
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpDecoder {
    state: State,
    output_state: State,
    leading: u8,
    output: bool,
    index: &'static [u16],
}

impl Iso2022JpDecoder {
    pub(crate) fn new() -> Self {
        Iso2022JpDecoder {
            state: State::Ascii,
            output_state: State::Ascii,
            leading: 0,
            output: false,
            index: index::jis0208(),
        }
    }
}

impl Handler for Iso2022JpDecoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        match self.state {
            State::Ascii => match byte {
                Some(0x1B) => {
                    self.state = State::EscapeStart;
                    Handled::Continue
                }
                Some(byte @ 0x00..=0x7F) if !matches!(byte, 0x0E | 0x0F) => {
                    self.output = false;
                    Handled::One(char::from(byte))
                }
                None => Handled::Finished,
                Some(_) => {
                    self.output = false;
                    Handled::Error
                }
            },
            State::Roman => match byte {
                Some(0x1B) => {
                    self.state = State::EscapeStart;
                    Handled::Continue
                }
                Some(0x5C) => {
                    self.output = false;
                    Handled::One('\u{00A5}')
                }
                Some(0x7E) => {
                    self.output = false;
                    Handled::One('\u{203E}')
                }
                Some(byte @ 0x00..=0x7F) if !matches!(byte, 0x0E | 0x0F) => {
                    self.output = false;
                    Handled::One(char::from(byte))
                }
                None => Handled::Finished,
                Some(_) => {
                    self.output = false;
                    Handled::Error
                }
            },
            State::Katakana => match byte {
                Some(0x1B) => {
                    self.state = State::EscapeStart;
                    Handled::Continue
                }
                Some(byte @ 0x21..=0x5F) => {
                    self.output = false;
                    Handled::code_point(0xFF61 - 0x21 + u32::from(byte))
                }
                None => Handled::Finished,
                Some(_) => {
                    self.output = false;
                    Handled::Error
                }
            },
            State::LeadingByte => match byte {
                Some(0x1B) => {
                    self.state = State::EscapeStart;
                    Handled::Continue
                }
                Some(byte @ 0x21..=0x7E) => {
                    self.output = false;
                    self.leading = byte;
                    self.state = State::TrailingByte;
                    Handled::Continue
                }
                None => Handled::Finished,
                Some(_) => {
                    self.output = false;
                    Handled::Error
                }
            },
            // The leading byte is used up here, whatever the byte: cleared, so that the state
            // word (`state`) of every other state holds none.
            State::TrailingByte => match (byte, core::mem::take(&mut self.leading)) {
                (Some(0x1B), _) => {
                    self.state = State::EscapeStart;
                    Handled::Error
                }
                (Some(byte @ 0x21..=0x7E), leading) => {
                    self.state = State::LeadingByte;
                    let pointer = usize::from(leading - 0x21) * 94 + usize::from(byte - 0x21);
                    match index::code_point(self.index, pointer) {
                        Some(code_point) => Handled::code_point(code_point),
                        None => Handled::Error,
                    }
                }
                _ => {
                    self.state = State::LeadingByte;
                    Handled::Error
                }
            },
            State::EscapeStart => {
                // 1. 0x24 or 0x28: remember it and go to escape.
                if let Some(byte @ (0x24 | 0x28)) = byte {
                    self.leading = byte;
                    self.state = State::Escape;
                    return Handled::Continue;
                }
                // 2. Restore the byte.
                if let Some(byte) = byte {
                    queue.restore(&[byte]);
                }
                // 3. Back to the output state, with error.
                self.output = false;
                self.state = self.output_state;
                Handled::Error
            }
            State::Escape => {
                // 1. Take the leading byte.
                let leading = self.leading;
                self.leading = 0;
                // 2.-6. The state the escape sequence selects.
                let state = match (leading, byte) {
                    (0x28, Some(0x42)) => Some(State::Ascii),
                    (0x28, Some(0x4A)) => Some(State::Roman),
                    (0x28, Some(0x49)) => Some(State::Katakana),
                    (0x24, Some(0x40 | 0x42)) => Some(State::LeadingByte),
                    _ => None,
                };
                // 7. Switch; two escape sequences in a row are an error.
                if let Some(state) = state {
                    self.state = state;
                    self.output_state = state;
                    let output = self.output;
                    self.output = true;
                    return if output {
                        Handled::Error
                    } else {
                        Handled::Continue
                    };
                }
                // 8. Restore the bytes.
                match byte {
                    None => queue.restore(&[leading]),
                    Some(byte) => queue.restore(&[leading, byte]),
                }
                // 9. Back to the output state, with error.
                self.output = false;
                self.state = self.output_state;
                Handled::Error
            }
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        let mut read = 0;
        match self.state {
            State::Ascii => {
                while sink.remaining() >= S::MAX_STEP {
                    match src.get(read) {
                        Some(&byte) if byte < 0x80 && !matches!(byte, 0x0E | 0x0F | 0x1B) => {
                            sink.push_bmp(u16::from(byte));
                            read += 1;
                        }
                        _ => break,
                    }
                }
            }
            State::LeadingByte => {
                while sink.remaining() >= S::MAX_STEP {
                    let Some(&[leading @ 0x21..=0x7E, byte @ 0x21..=0x7E]) =
                        src.get(read..read + 2)
                    else {
                        break;
                    };
                    let pointer = usize::from(leading - 0x21) * 94 + usize::from(byte - 0x21);
                    let code_point = self.index.get(pointer).copied().unwrap_or(0);
                    if code_point == 0 {
                        break;
                    }
                    sink.push_bmp(code_point);
                    read += 2;
                }
            }
            _ => {}
        }
        if read > 0 {
            // Every decoded byte set the output flag to false.
            self.output = false;
        }
        read
    }
    /// The decoder state and output state (3 bits each), the output flag and the leading byte.
    fn state(&self) -> u32 {
        (self.state as u32)
            | ((self.output_state as u32) << 3)
            | (u32::from(self.output) << 6)
            | (u32::from(self.leading) << 8)
    }

    fn set_state(&mut self, state: u32) {
        let (Some(&decoder_state), Some(&output_state)) = (
            STATES.get((state & 7) as usize),
            STATES.get(((state >> 3) & 7) as usize),
        ) else {
            return;
        };
        let leading = state >> 8;
        // The leading byte is held in the trail byte and escape states only; the output state
        // is one of the four states that output.
        let leading_valid = match decoder_state {
            State::TrailingByte | State::Escape => (0x21..=0x7E).contains(&leading),
            _ => leading == 0,
        };
        let output_valid = matches!(
            output_state,
            State::Ascii | State::Roman | State::Katakana | State::LeadingByte
        );
        if leading_valid && output_valid {
            self.state = decoder_state;
            self.output_state = output_state;
            self.output = state & 0x40 != 0;
            self.leading = leading as u8;
        }
    }
}

/// ISO-2022-JP encoder states.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum EncoderState {
    #[default]
    Ascii,
    Roman,
    Jis0208,
}

/// The ISO-2022-JP encoder's state (§12.2.2).
#[derive(Clone, Debug, Default)]
pub(crate) struct Iso2022JpEncoder {
    state: EncoderState,
}

const TO_ASCII: [u8; 3] = [0x1B, 0x28, 0x42];
const TO_ROMAN: [u8; 3] = [0x1B, 0x28, 0x4A];
const TO_JIS0208: [u8; 3] = [0x1B, 0x24, 0x42];

impl Iso2022JpEncoder {
    /// ASCII bytes at the start of `rest` that encode as themselves in the current state.
    pub(crate) fn ascii_prefix_len(&self, rest: &[u8]) -> usize {
        if self.state != EncoderState::Ascii {
            return 0;
        }
        rest.iter()
            .take_while(|&&b| b < 0x80 && !matches!(b, 0x0E | 0x0F | 0x1B))
            .count()
    }

    /// The handler at end-of-queue (steps 1–2): back to ASCII if needed.
    pub(crate) fn finish(&mut self) -> &'static [u8] {
        if self.state == EncoderState::Ascii {
            return &[];
        }
        self.state = EncoderState::Ascii;
        &TO_ASCII
    }

    /// The handler for one code point (steps 3–15).
    pub(crate) fn encode(&mut self, c: char) -> Encoded {
        let mut code_point = u32::from(c);
        let state = self.state;
        // 3. U+000E, U+000F and U+001B in ASCII or Roman: error with U+FFFD.
        if matches!(state, EncoderState::Ascii | EncoderState::Roman)
            && matches!(code_point, 0x0E | 0x0F | 0x1B)
        {
            return Encoded::Error('\u{FFFD}');
        }
        // 4. ASCII state, ASCII code point: its byte.
        if state == EncoderState::Ascii && code_point < 0x80 {
            return Encoded::byte(code_point as u8);
        }
        // 5. Roman state: ASCII other than \ and ~, and U+00A5 and U+203E.
        if state == EncoderState::Roman {
            match code_point {
                0x5C | 0x7E => {}
                0x00..=0x7F => return Encoded::byte(code_point as u8),
                0xA5 => return Encoded::byte(0x5C),
                0x203E => return Encoded::byte(0x7E),
                _ => {}
            }
        }
        // 6. An ASCII code point in another state: switch to ASCII.
        if code_point < 0x80 {
            self.state = EncoderState::Ascii;
            return Encoded::Restore(TO_ASCII);
        }
        // 7. U+00A5 or U+203E outside Roman: switch to Roman.
        if matches!(code_point, 0xA5 | 0x203E) {
            self.state = EncoderState::Roman;
            return Encoded::Restore(TO_ROMAN);
        }
        // 8. U+2212 is encoded as U+FF0D.
        if code_point == 0x2212 {
            code_point = 0xFF0D;
        }
        // 9. Halfwidth katakana become fullwidth.
        if (0xFF61..=0xFF9F).contains(&code_point) {
            code_point = index::iso_2022_jp_katakana(code_point - 0xFF61).unwrap_or(code_point);
        }
        // 10.-11. The index pointer in index jis0208; without one, leave jis0208 first, then
        // error.
        let pointer = index::jis0208_pointers()
            .pointer(code_point)
            .filter(|&p| p < 94 * 94);
        let Some(pointer) = pointer else {
            if state == EncoderState::Jis0208 {
                self.state = EncoderState::Ascii;
                return Encoded::Restore(TO_ASCII);
            }
            return Encoded::Error(char::from_u32(code_point).unwrap_or(c));
        };
        // 12. Switch to jis0208.
        if state != EncoderState::Jis0208 {
            self.state = EncoderState::Jis0208;
            return Encoded::Restore(TO_JIS0208);
        }
        // 13.-15. Two bytes.
        Encoded::two((pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8)
    }
}
