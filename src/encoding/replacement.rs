//! replacement (§14.1): one error for any non-empty input, then nothing.

use super::decoder::{Handled, Handler, Queue};

/// The replacement decoder's state (§14.1.1).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplacementDecoder {
    error_returned: bool,
}

impl Handler for ReplacementDecoder {
    fn handle(&mut self, byte: Option<u8>, _queue: &mut Queue<'_>) -> Handled {
        // 1. End-of-queue: finished.
        if byte.is_none() {
            return Handled::Finished;
        }
        // 2. The first byte: error.
        if !self.error_returned {
            self.error_returned = true;
            return Handled::Error;
        }
        // 3. Finished.
        Handled::Finished
    }

    fn state(&self) -> u32 {
        u32::from(self.error_returned)
    }

    fn set_state(&mut self, state: u32) {
        self.error_returned = state == 1;
    }
}
