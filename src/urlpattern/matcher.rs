//! Matching a component's part list without a backtracking regular expression: the part list
//! (without custom regexp parts) compiles to a program for a Pike VM, a Thompson NFA simulation
//! whose threads keep the backtracking priority order, so that each group captures exactly
//! what the standard's generated regular expression (§2.2) captures under ECMAScript's
//! backtracking semantics, in O(input length × program size) time.
//!
//! The generated expressions' groups never sit inside a repetition, and the only quantified
//! body that can match the empty string under `?` is a full wildcard's `(.*)?`, which
//! ECMAScript's RepeatMatcher (an iteration matching empty fails) makes `(.+)?`; under `*` and
//! `+`, the VM's rule that a second thread reaching an instruction at the same position dies
//! is that same empty-iteration failure.

use super::parser::{Modifier, Options, Part, PartType};
use alloc::{vec, vec::Vec};

#[derive(Clone, Copy, Debug)]
enum Inst {
    /// A code point (compared case-folded under ignore case).
    Char(char),
    /// `.`: any code point but a line terminator (no `s` flag).
    AnyButLineTerminator,
    /// `[^<delimiter>]`, or `[^]` without a delimiter.
    AnyBut(Option<char>),
    /// Try the first target, then the second.
    Split(usize, usize),
    Jump(usize),
    /// Record the position in a capture slot.
    Save(usize),
    /// `$`, then success.
    Match,
}

/// A compiled component: its program and the number of capture groups.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    insts: Vec<Inst>,
    group_count: usize,
    ignore_case: bool,
}

/// ECMAScript's Canonicalize under the `v` and `i` flags (simple case folding), for a code
/// point compared with a pattern code point that is ASCII: the only non-ASCII code points that
/// fold to ASCII are U+017F (ſ → s) and U+212A (Kelvin sign → k).
fn fold(c: char) -> char {
    match c {
        '\u{017F}' => 's',
        '\u{212A}' => 'k',
        _ => c.to_ascii_lowercase(),
    }
}

struct Compiler {
    insts: Vec<Inst>,
    delimiter: Option<char>,
}

impl Compiler {
    fn push(&mut self, inst: Inst) -> usize {
        self.insts.push(inst);
        self.insts.len() - 1
    }

    fn text(&mut self, text: &str) {
        for c in text.chars() {
            self.push(Inst::Char(c));
        }
    }

    /// The regexp value of a wildcard part: `[^<delimiter>]+?` or `.*`.
    fn wildcard(&mut self, kind: PartType) {
        match kind {
            PartType::SegmentWildcard => {
                // One, then lazily more.
                let start = self.push(Inst::AnyBut(self.delimiter));
                let split = self.push(Inst::Split(0, start));
                self.insts[split] = Inst::Split(split + 1, start);
            }
            _ => self.star(|compiler| {
                compiler.push(Inst::AnyButLineTerminator);
            }),
        }
    }

    /// Greedy `(?:body)*`.
    fn star(&mut self, body: impl Fn(&mut Compiler)) {
        let split = self.push(Inst::Split(0, 0));
        body(self);
        self.push(Inst::Jump(split));
        let end = self.insts.len();
        self.insts[split] = Inst::Split(split + 1, end);
    }

    /// Greedy `(?:body)<modifier>`.
    fn quantified(&mut self, modifier: Modifier, body: impl Fn(&mut Compiler)) {
        match modifier {
            Modifier::None => body(self),
            Modifier::Optional => {
                let split = self.push(Inst::Split(0, 0));
                body(self);
                let end = self.insts.len();
                self.insts[split] = Inst::Split(split + 1, end);
            }
            Modifier::ZeroOrMore => self.star(body),
            Modifier::OneOrMore => {
                body(self);
                self.star(body);
            }
        }
    }

    fn part(&mut self, part: &Part, group: usize) {
        let (open, close) = (2 * group, 2 * group + 1);
        let kind = part.kind;
        if part.prefix.is_empty() && part.suffix.is_empty() {
            match part.modifier {
                // (.*)? : an empty iteration of `?` fails, so the group is (.+)?.
                Modifier::Optional if kind == PartType::FullWildcard => {
                    self.quantified(Modifier::Optional, |compiler| {
                        compiler.push(Inst::Save(open));
                        compiler.push(Inst::AnyButLineTerminator);
                        compiler.wildcard(kind);
                        compiler.push(Inst::Save(close));
                    })
                }
                // (<regexp value>)<modifier>
                Modifier::None | Modifier::Optional => self.quantified(part.modifier, |compiler| {
                    compiler.push(Inst::Save(open));
                    compiler.wildcard(kind);
                    compiler.push(Inst::Save(close));
                }),
                // ((?:<regexp value>)<modifier>)
                _ => {
                    self.push(Inst::Save(open));
                    self.quantified(part.modifier, |compiler| compiler.wildcard(kind));
                    self.push(Inst::Save(close));
                }
            }
            return;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            // (?:<prefix>(<regexp value>)<suffix>)<modifier>
            self.quantified(part.modifier, |compiler| {
                compiler.text(&part.prefix);
                compiler.push(Inst::Save(open));
                compiler.wildcard(kind);
                compiler.push(Inst::Save(close));
                compiler.text(&part.suffix);
            });
            return;
        }
        // (?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?
        let outer = if part.modifier == Modifier::ZeroOrMore {
            Modifier::Optional
        } else {
            Modifier::None
        };
        self.quantified(outer, |compiler| {
            compiler.text(&part.prefix);
            compiler.push(Inst::Save(open));
            compiler.wildcard(kind);
            compiler.star(|compiler| {
                compiler.text(&part.suffix);
                compiler.text(&part.prefix);
                compiler.wildcard(kind);
            });
            compiler.push(Inst::Save(close));
            compiler.text(&part.suffix);
        });
    }
}

impl Program {
    /// Compiles a part list without "regexp" parts. Returns `None` when the program could not
    /// reproduce the regular expression: a custom regexp part, or ignore case with non-ASCII
    /// fixed text (which the encoding callbacks never produce).
    pub(crate) fn compile(part_list: &[Part], options: &Options) -> Option<Program> {
        let mut compiler = Compiler {
            insts: Vec::new(),
            delimiter: options.delimiter_code_point,
        };
        let mut group = 0;
        for part in part_list {
            if part.kind == PartType::Regexp {
                return None;
            }
            if options.ignore_case
                && !(part.value.is_ascii() && part.prefix.is_ascii() && part.suffix.is_ascii())
            {
                return None;
            }
            if part.kind == PartType::FixedText {
                compiler.quantified(part.modifier, |compiler| compiler.text(&part.value));
                continue;
            }
            compiler.part(part, group);
            group += 1;
        }
        compiler.push(Inst::Match);
        Some(Program {
            insts: compiler.insts,
            group_count: group,
            ignore_case: options.ignore_case,
        })
    }

    /// Matches all of `input`; on success, each group's byte range (`None` for a group that
    /// did not participate).
    pub(crate) fn exec(&self, input: &str) -> Option<Vec<Option<(usize, usize)>>> {
        let slot_count = 2 * self.group_count;
        let mut current = Threads::new(self.insts.len(), slot_count);
        let mut next = Threads::new(self.insts.len(), slot_count);
        let mut stack = Vec::new();
        let mut slots = vec![usize::MAX; slot_count];
        self.add_thread(&mut current, &mut stack, &mut slots, 0, 0);
        let mut matched = None;
        let mut chars = input.char_indices();
        loop {
            let (position, c) = match chars.next() {
                Some((position, c)) => (position, Some(c)),
                None => (input.len(), None),
            };
            let next_position = position + c.map_or(0, char::len_utf8);
            for thread in 0..current.len {
                let pc = current.pcs[thread];
                let step = match (self.insts[pc], c) {
                    (Inst::Match, None) => {
                        matched = Some(current.slots(thread).to_vec());
                        // Lower-priority threads lose.
                        break;
                    }
                    (Inst::Char(expected), Some(c)) => {
                        if self.ignore_case {
                            fold(c) == fold(expected)
                        } else {
                            c == expected
                        }
                    }
                    (Inst::AnyButLineTerminator, Some(c)) => {
                        !matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
                    }
                    (Inst::AnyBut(delimiter), Some(c)) => Some(c) != delimiter,
                    _ => false,
                };
                if step {
                    slots.copy_from_slice(current.slots(thread));
                    self.add_thread(&mut next, &mut stack, &mut slots, pc + 1, next_position);
                }
            }
            if c.is_none() || next.len == 0 {
                break;
            }
            core::mem::swap(&mut current, &mut next);
            next.clear();
        }
        let slots = matched?;
        Some(
            slots
                .chunks(2)
                .map(|pair| (pair[0] != usize::MAX).then(|| (pair[0], pair[1])))
                .collect(),
        )
    }

    /// Adds the thread at `pc` and the threads its jumps, splits and saves lead to, in
    /// priority order, each instruction at most once per position.
    fn add_thread(
        &self,
        threads: &mut Threads,
        stack: &mut Vec<Frame>,
        slots: &mut [usize],
        pc: usize,
        position: usize,
    ) {
        stack.push(Frame::Explore(pc));
        while let Some(frame) = stack.pop() {
            let pc = match frame {
                Frame::Explore(pc) => pc,
                Frame::Restore(slot, value) => {
                    slots[slot] = value;
                    continue;
                }
            };
            if !threads.mark(pc) {
                continue;
            }
            match self.insts[pc] {
                Inst::Jump(target) => stack.push(Frame::Explore(target)),
                Inst::Split(first, second) => {
                    stack.push(Frame::Explore(second));
                    stack.push(Frame::Explore(first));
                }
                Inst::Save(slot) => {
                    stack.push(Frame::Restore(slot, slots[slot]));
                    slots[slot] = position;
                    stack.push(Frame::Explore(pc + 1));
                }
                _ => threads.push(pc, slots),
            }
        }
    }
}

enum Frame {
    Explore(usize),
    Restore(usize, usize),
}

/// The threads at one position, in priority order, with a sparse set of the instructions
/// already reached there.
struct Threads {
    len: usize,
    pcs: Vec<usize>,
    slot_values: Vec<usize>,
    slot_count: usize,
    dense: Vec<usize>,
    sparse: Vec<usize>,
    marked: usize,
}

impl Threads {
    fn new(inst_count: usize, slot_count: usize) -> Threads {
        Threads {
            len: 0,
            pcs: vec![0; inst_count],
            slot_values: vec![0; inst_count * slot_count],
            slot_count,
            dense: vec![0; inst_count],
            sparse: vec![0; inst_count],
            marked: 0,
        }
    }

    /// Marks `pc` reached; false if it already was.
    fn mark(&mut self, pc: usize) -> bool {
        let index = self.sparse[pc];
        if index < self.marked && self.dense[index] == pc {
            return false;
        }
        self.sparse[pc] = self.marked;
        self.dense[self.marked] = pc;
        self.marked += 1;
        true
    }

    fn push(&mut self, pc: usize, slots: &[usize]) {
        let start = self.len * self.slot_count;
        self.slot_values[start..start + self.slot_count].copy_from_slice(slots);
        self.pcs[self.len] = pc;
        self.len += 1;
    }

    fn slots(&self, thread: usize) -> &[usize] {
        let start = thread * self.slot_count;
        &self.slot_values[start..start + self.slot_count]
    }

    fn clear(&mut self) {
        self.len = 0;
        self.marked = 0;
    }
}
