//! URL Pattern §2.1.3–2.3: parts, options, parsing a pattern string into a part list, and
//! converting a part list to a regular expression and to a pattern string.

use super::UrlPatternError;
use super::tokenizer::{Token, TokenType, TokenizePolicy, is_valid_name_code_point, tokenize};
use crate::infra::strings::push_decimal;
use alloc::{string::String, vec::Vec};

/// A part's type (§2.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartType {
    /// "fixed-text": a simple fixed text string.
    FixedText,
    /// "regexp": a matching group with a custom regular expression.
    Regexp,
    /// "segment-wildcard": a group matching up to the next delimiter code point (`:foo`).
    SegmentWildcard,
    /// "full-wildcard": a group greedily matching all code points (`*`).
    FullWildcard,
}

/// A part's modifier (§2.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// "none".
    None,
    /// "optional": `?`.
    Optional,
    /// "zero-or-more": `*`.
    ZeroOrMore,
    /// "one-or-more": `+`.
    OneOrMore,
}

/// A part (§2.1.3): at most one matching group with a fixed prefix and suffix and a modifier,
/// or fixed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The type.
    pub kind: PartType,
    /// The fixed text, or the custom regular expression of a "regexp" part, else empty.
    pub value: String,
    /// The modifier.
    pub modifier: Modifier,
    /// The group's name (a number for unnamed groups); empty for fixed text.
    pub name: String,
    /// Fixed text before the group.
    pub prefix: String,
    /// Fixed text after the group.
    pub suffix: String,
}

/// An options struct (§2.1.4): the delimiter and prefix code points (each ASCII or none) and
/// ignore case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The segment separator a segment wildcard stops at.
    pub delimiter_code_point: Option<char>,
    /// The code point taken as an automatic prefix of a following group.
    pub prefix_code_point: Option<char>,
    /// Case-insensitive matching.
    pub ignore_case: bool,
}

impl Options {
    /// The default options.
    pub const DEFAULT: Options = Options {
        delimiter_code_point: None,
        prefix_code_point: None,
        ignore_case: false,
    };
    /// The hostname options.
    pub const HOSTNAME: Options = Options {
        delimiter_code_point: Some('.'),
        prefix_code_point: None,
        ignore_case: false,
    };
    /// The pathname options.
    pub const PATHNAME: Options = Options {
        delimiter_code_point: Some('/'),
        prefix_code_point: Some('/'),
        ignore_case: false,
    };

    fn is_prefix_code_point(&self, text: &str) -> bool {
        let mut chars = text.chars();
        matches!((chars.next(), chars.next()), (Some(c), None) if Some(c) == self.prefix_code_point)
    }
}

/// An encoding callback (§2.1.5): validates and encodes a fixed text piece of a pattern string.
pub type EncodingCallback<'a> = &'a dyn Fn(&str) -> Result<String, UrlPatternError>;

/// The full wildcard regexp value.
pub(crate) const FULL_WILDCARD_REGEXP_VALUE: &str = ".*";

struct PatternParser<'a> {
    token_list: Vec<Token>,
    encoding_callback: EncodingCallback<'a>,
    segment_wildcard_regexp: String,
    part_list: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: u64,
}

impl PatternParser<'_> {
    /// "try to consume a token".
    fn try_to_consume_a_token(&mut self, kind: TokenType) -> Option<Token> {
        let next_token = &self.token_list[self.index];
        if next_token.kind != kind {
            return None;
        }
        self.index += 1;
        Some(next_token.clone())
    }

    /// "try to consume a modifier token".
    fn try_to_consume_a_modifier_token(&mut self) -> Option<Token> {
        self.try_to_consume_a_token(TokenType::OtherModifier)
            .or_else(|| self.try_to_consume_a_token(TokenType::Asterisk))
    }

    /// "try to consume a regexp or wildcard token".
    fn try_to_consume_a_regexp_or_wildcard_token(
        &mut self,
        name_token: Option<&Token>,
    ) -> Option<Token> {
        let token = self.try_to_consume_a_token(TokenType::Regexp);
        if name_token.is_none() && token.is_none() {
            return self.try_to_consume_a_token(TokenType::Asterisk);
        }
        token
    }

    /// "consume a required token".
    fn consume_a_required_token(&mut self, kind: TokenType) -> Result<Token, UrlPatternError> {
        self.try_to_consume_a_token(kind)
            .ok_or_else(|| UrlPatternError::new("invalid pattern syntax"))
    }

    /// "consume text".
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) = self
            .try_to_consume_a_token(TokenType::Char)
            .or_else(|| self.try_to_consume_a_token(TokenType::EscapedChar))
        {
            result.push_str(&token.value);
        }
        result
    }

    /// "maybe add a part from the pending fixed value".
    fn maybe_add_a_part_from_the_pending_fixed_value(&mut self) -> Result<(), UrlPatternError> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded_value = (self.encoding_callback)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.part_list.push(Part {
            kind: PartType::FixedText,
            value: encoded_value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// "add a part".
    fn add_a_part(
        &mut self,
        prefix: &str,
        name_token: Option<&Token>,
        regexp_or_wildcard_token: Option<&Token>,
        suffix: &str,
        modifier_token: Option<&Token>,
    ) -> Result<(), UrlPatternError> {
        let modifier = match modifier_token.map(|token| token.value.as_str()) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard_token.is_none() && modifier == Modifier::None
        {
            // A "{foo}" grouping: joins the text around it.
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_a_part_from_the_pending_fixed_value()?;
        if name_token.is_none() && regexp_or_wildcard_token.is_none() {
            // A "{foo}?" grouping: its modifier keeps it apart from other text.
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded_value = (self.encoding_callback)(prefix)?;
            self.part_list.push(Part {
                kind: PartType::FixedText,
                value: encoded_value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        // A regexp token equal to a wildcard's regexp becomes that wildcard.
        let regexp_value = match regexp_or_wildcard_token {
            None => self.segment_wildcard_regexp.as_str(),
            Some(token) if token.kind == TokenType::Asterisk => FULL_WILDCARD_REGEXP_VALUE,
            Some(token) => token.value.as_str(),
        };
        let (kind, value) = if regexp_value == self.segment_wildcard_regexp {
            (PartType::SegmentWildcard, String::new())
        } else if regexp_value == FULL_WILDCARD_REGEXP_VALUE {
            (PartType::FullWildcard, String::new())
        } else {
            (PartType::Regexp, String::from(regexp_value))
        };
        let mut name = String::new();
        if let Some(token) = name_token {
            name.push_str(&token.value);
        } else if regexp_or_wildcard_token.is_some() {
            push_decimal(&mut name, self.next_numeric_name);
            self.next_numeric_name += 1;
        }
        if self.is_a_duplicate_name(&name) {
            return Err(UrlPatternError::new("duplicate group name"));
        }
        let encoded_prefix = (self.encoding_callback)(prefix)?;
        let encoded_suffix = (self.encoding_callback)(suffix)?;
        self.part_list.push(Part {
            kind,
            value,
            modifier,
            name,
            prefix: encoded_prefix,
            suffix: encoded_suffix,
        });
        Ok(())
    }

    /// "is a duplicate name".
    fn is_a_duplicate_name(&self, name: &str) -> bool {
        self.part_list.iter().any(|part| part.name == name)
    }
}

/// "parse a pattern string" (§2.1.5).
pub fn parse_a_pattern_string(
    input: &str,
    options: &Options,
    encoding_callback: EncodingCallback<'_>,
) -> Result<Vec<Part>, UrlPatternError> {
    let input: Vec<char> = input.chars().collect();
    let mut parser = PatternParser {
        token_list: tokenize(&input, TokenizePolicy::Strict)?,
        encoding_callback,
        segment_wildcard_regexp: generate_a_segment_wildcard_regexp(options),
        part_list: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
    };
    while parser.index < parser.token_list.len() {
        // <prefix char><name><regexp><modifier>, each optional.
        let char_token = parser.try_to_consume_a_token(TokenType::Char);
        let name_token = parser.try_to_consume_a_token(TokenType::Name);
        let regexp_or_wildcard_token =
            parser.try_to_consume_a_regexp_or_wildcard_token(name_token.as_ref());
        if name_token.is_some() || regexp_or_wildcard_token.is_some() {
            let mut prefix = char_token.map(|token| token.value).unwrap_or_default();
            if !prefix.is_empty() && !options.is_prefix_code_point(&prefix) {
                parser.pending_fixed_value.push_str(&prefix);
                prefix.clear();
            }
            parser.maybe_add_a_part_from_the_pending_fixed_value()?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                &prefix,
                name_token.as_ref(),
                regexp_or_wildcard_token.as_ref(),
                "",
                modifier_token.as_ref(),
            )?;
            continue;
        }
        let fixed_token =
            char_token.or_else(|| parser.try_to_consume_a_token(TokenType::EscapedChar));
        if let Some(fixed_token) = fixed_token {
            parser.pending_fixed_value.push_str(&fixed_token.value);
            continue;
        }
        // <open><char prefix><name><regexp><char suffix><close><modifier>.
        if parser.try_to_consume_a_token(TokenType::Open).is_some() {
            let prefix = parser.consume_text();
            let name_token = parser.try_to_consume_a_token(TokenType::Name);
            let regexp_or_wildcard_token =
                parser.try_to_consume_a_regexp_or_wildcard_token(name_token.as_ref());
            let suffix = parser.consume_text();
            parser.consume_a_required_token(TokenType::Close)?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                &prefix,
                name_token.as_ref(),
                regexp_or_wildcard_token.as_ref(),
                &suffix,
                modifier_token.as_ref(),
            )?;
            continue;
        }
        parser.maybe_add_a_part_from_the_pending_fixed_value()?;
        parser.consume_a_required_token(TokenType::End)?;
    }
    Ok(parser.part_list)
}

/// "generate a segment wildcard regexp".
pub(crate) fn generate_a_segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(delimiter) = options.delimiter_code_point {
        escape_a_regexp_string_into(&mut result, delimiter.encode_utf8(&mut [0; 4]));
    }
    result.push_str("]+?");
    result
}

/// "convert a modifier to a string".
fn modifier_to_str(modifier: Modifier) -> &'static str {
    match modifier {
        Modifier::ZeroOrMore => "*",
        Modifier::Optional => "?",
        Modifier::OneOrMore => "+",
        Modifier::None => "",
    }
}

/// "escape a regexp string", appended to `result`.
fn escape_a_regexp_string_into(result: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            result.push('\\');
        }
        result.push(c);
    }
}

/// "escape a pattern string", appended to `result`.
fn escape_a_pattern_string_into(result: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            result.push('\\');
        }
        result.push(c);
    }
}

/// "escape a pattern string".
pub(crate) fn escape_a_pattern_string(input: &str) -> String {
    let mut result = String::with_capacity(input.len());
    escape_a_pattern_string_into(&mut result, input);
    result
}

/// "generate a regular expression and name list" (§2.2).
pub fn generate_a_regular_expression_and_name_list(
    part_list: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut name_list = Vec::new();
    for part in part_list {
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_a_regexp_string_into(&mut result, &part.value);
            } else {
                // (?:<fixed text>)<modifier>
                result.push_str("(?:");
                escape_a_regexp_string_into(&mut result, &part.value);
                result.push(')');
                result.push_str(modifier_to_str(part.modifier));
            }
            continue;
        }
        name_list.push(part.name.clone());
        let regexp_value = match part.kind {
            PartType::SegmentWildcard => generate_a_segment_wildcard_regexp(options),
            PartType::FullWildcard => String::from(FULL_WILDCARD_REGEXP_VALUE),
            _ => part.value.clone(),
        };
        let modifier = modifier_to_str(part.modifier);
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                // (<regexp value>)<modifier>
                result.push('(');
                result.push_str(&regexp_value);
                result.push(')');
                result.push_str(modifier);
            } else {
                // ((?:<regexp value>)<modifier>)
                result.push_str("((?:");
                result.push_str(&regexp_value);
                result.push(')');
                result.push_str(modifier);
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            // (?:<prefix>(<regexp value>)<suffix>)<modifier>
            result.push_str("(?:");
            escape_a_regexp_string_into(&mut result, &part.prefix);
            result.push('(');
            result.push_str(&regexp_value);
            result.push(')');
            escape_a_regexp_string_into(&mut result, &part.suffix);
            result.push(')');
            result.push_str(modifier);
            continue;
        }
        // (?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?
        result.push_str("(?:");
        escape_a_regexp_string_into(&mut result, &part.prefix);
        result.push_str("((?:");
        result.push_str(&regexp_value);
        result.push_str(")(?:");
        escape_a_regexp_string_into(&mut result, &part.suffix);
        escape_a_regexp_string_into(&mut result, &part.prefix);
        result.push_str("(?:");
        result.push_str(&regexp_value);
        result.push_str("))*)");
        escape_a_regexp_string_into(&mut result, &part.suffix);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, name_list)
}

/// "generate a pattern string" (§2.3).
pub fn generate_a_pattern_string(part_list: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in part_list.iter().enumerate() {
        let previous_part = index.checked_sub(1).map(|i| &part_list[i]);
        let next_part = part_list.get(index + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_a_pattern_string_into(&mut result, &part.value);
                continue;
            }
            result.push('{');
            escape_a_pattern_string_into(&mut result, &part.value);
            result.push('}');
            result.push_str(modifier_to_str(part.modifier));
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && !options.is_prefix_code_point(&part.prefix));
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
            && let Some(next_part) = next_part
            && next_part.prefix.is_empty()
            && next_part.suffix.is_empty()
        {
            if next_part.kind == PartType::FixedText {
                needs_grouping = next_part
                    .value
                    .chars()
                    .next()
                    .is_some_and(|c| is_valid_name_code_point(c, false));
            } else {
                needs_grouping = next_part.name.starts_with(|c: char| c.is_ascii_digit());
            }
        }
        if !needs_grouping
            && part.prefix.is_empty()
            && let Some(previous_part) = previous_part
            && previous_part.kind == PartType::FixedText
            && previous_part.value.chars().next_back().is_some()
            && previous_part.value.chars().next_back() == options.prefix_code_point
        {
            needs_grouping = true;
        }
        if needs_grouping {
            result.push('{');
        }
        escape_a_pattern_string_into(&mut result, &part.prefix);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&generate_a_segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous_part.is_none_or(|previous| {
                        previous.kind == PartType::FixedText || previous.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty())
                {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP_VALUE);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_a_pattern_string_into(&mut result, &part.suffix);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(modifier_to_str(part.modifier));
    }
    result
}
