//! URL Pattern §2.1.1–2.1.2: tokens and the tokenizer.

use super::UrlPatternError;
use super::tables::identifier::{ID_CONTINUE, ID_START};
use alloc::{string::String, vec::Vec};

/// A token's type (§2.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenType {
    /// "open": `{`.
    Open,
    /// "close": `}`.
    Close,
    /// "regexp": `(<regular expression>)`.
    Regexp,
    /// "name": `:<name>`.
    Name,
    /// "char": a code point without syntactic meaning.
    Char,
    /// "escaped-char": `\<char>`.
    EscapedChar,
    /// "other-modifier": `?` or `+`.
    OtherModifier,
    /// "asterisk": `*`, a wildcard or a modifier.
    Asterisk,
    /// "end": the end of the pattern string.
    End,
    /// "invalid-char": only under the lenient policy.
    InvalidChar,
}

/// A token (§2.1.1): its type, the code point index where it starts, and its value.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub kind: TokenType,
    pub index: usize,
    pub value: String,
}

/// A tokenize policy (§2.1.2).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenizePolicy {
    Strict,
    Lenient,
}

struct Tokenizer<'a> {
    input: &'a [char],
    policy: TokenizePolicy,
    token_list: Vec<Token>,
    index: usize,
    next_index: usize,
    code_point: char,
}

impl Tokenizer<'_> {
    /// "get the next code point".
    fn get_next_code_point(&mut self) {
        self.code_point = self.input[self.next_index];
        self.next_index += 1;
    }

    /// "seek and get the next code point".
    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    /// "add a token".
    fn add_token(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
        value_length: usize,
    ) {
        let value = self.input[value_position..value_position + value_length]
            .iter()
            .collect();
        self.token_list.push(Token {
            kind,
            index: self.index,
            value,
        });
        self.index = next_position;
    }

    /// "add a token with default length".
    fn add_token_with_default_length(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
    ) {
        self.add_token(
            kind,
            next_position,
            value_position,
            next_position - value_position,
        );
    }

    /// "add a token with default position and length".
    fn add_token_with_default_position_and_length(&mut self, kind: TokenType) {
        self.add_token_with_default_length(kind, self.next_index, self.index);
    }

    /// "process a tokenizing error".
    fn process_tokenizing_error(
        &mut self,
        next_position: usize,
        value_position: usize,
    ) -> Result<(), UrlPatternError> {
        if self.policy == TokenizePolicy::Strict {
            return Err(UrlPatternError::new("invalid pattern syntax"));
        }
        self.add_token_with_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }

    /// The regexp branch of "tokenize": the steps after a U+0028 (`(`).
    fn tokenize_regexp(&mut self) -> Result<(), UrlPatternError> {
        let length = self.input.len();
        let mut depth = 1;
        let mut regexp_position = self.next_index;
        let regexp_start = regexp_position;
        while regexp_position < length {
            self.seek_and_get_next_code_point(regexp_position);
            if !self.code_point.is_ascii() {
                return self.process_tokenizing_error(regexp_start, self.index);
            }
            if regexp_position == regexp_start && self.code_point == '?' {
                return self.process_tokenizing_error(regexp_start, self.index);
            }
            if self.code_point == '\\' {
                if regexp_position == length - 1 {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                self.get_next_code_point();
                if !self.code_point.is_ascii() {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                regexp_position = self.next_index;
                continue;
            }
            if self.code_point == ')' {
                depth -= 1;
                if depth == 0 {
                    regexp_position = self.next_index;
                    break;
                }
            } else if self.code_point == '(' {
                depth += 1;
                if regexp_position == length - 1 {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                let temporary_position = self.next_index;
                self.get_next_code_point();
                // Only non-capturing groups, "(?", may nest: a capture would shift the
                // numbering of the pattern's own groups.
                if self.code_point != '?' {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                self.next_index = temporary_position;
            }
            regexp_position = self.next_index;
        }
        if depth != 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        let regexp_length = regexp_position - regexp_start - 1;
        if regexp_length == 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        self.add_token(
            TokenType::Regexp,
            regexp_position,
            regexp_start,
            regexp_length,
        );
        Ok(())
    }
}

/// "tokenize" (§2.1.2) a pattern string given as code points.
pub(crate) fn tokenize(
    input: &[char],
    policy: TokenizePolicy,
) -> Result<Vec<Token>, UrlPatternError> {
    let mut tokenizer = Tokenizer {
        input,
        policy,
        token_list: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let length = input.len();
    while tokenizer.index < length {
        tokenizer.seek_and_get_next_code_point(tokenizer.index);
        match tokenizer.code_point {
            '*' => tokenizer.add_token_with_default_position_and_length(TokenType::Asterisk),
            '+' | '?' => {
                tokenizer.add_token_with_default_position_and_length(TokenType::OtherModifier)
            }
            '\\' => {
                if tokenizer.index == length - 1 {
                    tokenizer.process_tokenizing_error(tokenizer.next_index, tokenizer.index)?;
                    continue;
                }
                let escaped_index = tokenizer.next_index;
                tokenizer.get_next_code_point();
                tokenizer.add_token_with_default_length(
                    TokenType::EscapedChar,
                    tokenizer.next_index,
                    escaped_index,
                );
            }
            '{' => tokenizer.add_token_with_default_position_and_length(TokenType::Open),
            '}' => tokenizer.add_token_with_default_position_and_length(TokenType::Close),
            ':' => {
                let mut name_position = tokenizer.next_index;
                let name_start = name_position;
                while name_position < length {
                    tokenizer.seek_and_get_next_code_point(name_position);
                    let first_code_point = name_position == name_start;
                    if !is_valid_name_code_point(tokenizer.code_point, first_code_point) {
                        break;
                    }
                    name_position = tokenizer.next_index;
                }
                if name_position <= name_start {
                    tokenizer.process_tokenizing_error(name_start, tokenizer.index)?;
                    continue;
                }
                tokenizer.add_token_with_default_length(TokenType::Name, name_position, name_start);
            }
            '(' => tokenizer.tokenize_regexp()?,
            _ => tokenizer.add_token_with_default_position_and_length(TokenType::Char),
        }
    }
    tokenizer.add_token_with_default_length(TokenType::End, tokenizer.index, tokenizer.index);
    Ok(tokenizer.token_list)
}

/// "is a valid name code point": ECMAScript's IdentifierStart or IdentifierPart.
pub(crate) fn is_valid_name_code_point(code_point: char, first: bool) -> bool {
    if code_point.is_ascii() {
        return code_point.is_ascii_alphabetic()
            || matches!(code_point, '$' | '_')
            || (!first && code_point.is_ascii_digit());
    }
    if first {
        in_inversion_list(ID_START, code_point)
    } else {
        // IdentifierPart adds ZWNJ and ZWJ to ID_Continue.
        matches!(code_point, '\u{200C}' | '\u{200D}') || in_inversion_list(ID_CONTINUE, code_point)
    }
}

/// Whether `c` is in the set whose ranges start at even and end before odd boundaries.
fn in_inversion_list(boundaries: &[u32], c: char) -> bool {
    boundaries.partition_point(|&boundary| boundary <= c as u32) % 2 == 1
}
