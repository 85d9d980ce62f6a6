//! URL Pattern §1.6: parsing a constructor string (`https://example.com/:id`) into a
//! URLPatternInit.

use super::canonicalize::canonicalize_a_protocol;
use super::parser::Options;
use super::tokenizer::{Token, TokenType, TokenizePolicy, tokenize};
use super::{Component, RegExpEngine, UrlPatternError, UrlPatternInit};
use alloc::{string::String, vec::Vec};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

struct ConstructorStringParser {
    input: Vec<char>,
    token_list: Vec<Token>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_a_special_scheme_flag: bool,
    state: State,
}

impl ConstructorStringParser {
    /// "change state".
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        if !matches!(self.state, Init | Authority | Done) {
            let component = self.make_a_component_string();
            *self.result_component(self.state) = Some(component);
        }
        if self.state != Init && new_state != Done {
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new_state, Search | Hash)
                && self.result.pathname.is_none()
            {
                self.result.pathname = Some(if self.protocol_matches_a_special_scheme_flag {
                    String::from("/")
                } else {
                    String::new()
                });
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// The result's member for a component state.
    fn result_component(&mut self, state: State) -> &mut Option<String> {
        match state {
            State::Protocol => &mut self.result.protocol,
            State::Username => &mut self.result.username,
            State::Password => &mut self.result.password,
            State::Hostname => &mut self.result.hostname,
            State::Port => &mut self.result.port,
            State::Pathname => &mut self.result.pathname,
            State::Search => &mut self.result.search,
            _ => &mut self.result.hash,
        }
    }

    /// "rewind".
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// "rewind and set state".
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// "get a safe token".
    fn get_a_safe_token(&self, index: usize) -> &Token {
        // The last token is always "end".
        self.token_list
            .get(index)
            .unwrap_or(&self.token_list[self.token_list.len() - 1])
    }

    /// "is a non-special pattern char".
    fn is_a_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.get_a_safe_token(index);
        token.value == value
            && matches!(
                token.kind,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    fn current_is(&self, value: &str) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, value)
    }

    /// "next is authority slashes".
    fn next_is_authority_slashes(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_a_non_special_pattern_char(self.token_index + 2, "/")
    }

    /// "is a search prefix".
    fn is_a_search_prefix(&self) -> bool {
        if self.current_is("?") {
            return true;
        }
        if self.token_list[self.token_index].value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        // A "?" after a group is its modifier.
        let previous_token = self.get_a_safe_token(previous_index);
        !matches!(
            previous_token.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    fn current_kind(&self) -> TokenType {
        self.token_list[self.token_index].kind
    }

    /// "make a component string".
    fn make_a_component_string(&self) -> String {
        let token = &self.token_list[self.token_index];
        let component_start_input_index = self.get_a_safe_token(self.component_start).index;
        let end_index = token.index;
        self.input[component_start_input_index..end_index]
            .iter()
            .collect()
    }

    /// "compute protocol matches a special scheme flag".
    fn compute_protocol_matches_a_special_scheme_flag(
        &mut self,
        engine: &dyn RegExpEngine,
    ) -> Result<(), UrlPatternError> {
        let protocol_string = self.make_a_component_string();
        let protocol_component = Component::compile(
            &protocol_string,
            &canonicalize_a_protocol,
            &Options::DEFAULT,
            engine,
        )?;
        if protocol_component.matches_a_special_scheme() {
            self.protocol_matches_a_special_scheme_flag = true;
        }
        Ok(())
    }
}

/// "parse a constructor string".
pub(crate) fn parse_a_constructor_string(
    input: &str,
    engine: &dyn RegExpEngine,
) -> Result<UrlPatternInit, UrlPatternError> {
    let input: Vec<char> = input.chars().collect();
    let token_list = tokenize(&input, TokenizePolicy::Lenient)?;
    let mut parser = ConstructorStringParser {
        input,
        token_list,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme_flag: false,
        state: State::Init,
    };
    while parser.token_index < parser.token_list.len() {
        parser.token_increment = 1;
        if parser.current_kind() == TokenType::End {
            if parser.state == State::Init {
                // No protocol terminator: a relative constructor string.
                parser.rewind();
                if parser.current_is("#") {
                    parser.change_state(State::Hash, 1);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else {
                    parser.change_state(State::Pathname, 0);
                }
                parser.token_index += parser.token_increment;
                continue;
            }
            if parser.state == State::Authority {
                // No "@": no username or password.
                parser.rewind_and_set_state(State::Hostname);
                parser.token_index += parser.token_increment;
                continue;
            }
            parser.change_state(State::Done, 0);
            break;
        }
        // Component boundaries never lie within "{ ... }".
        if parser.current_kind() == TokenType::Open {
            parser.group_depth += 1;
            parser.token_index += parser.token_increment;
            continue;
        }
        if parser.group_depth > 0 {
            if parser.current_kind() == TokenType::Close {
                parser.group_depth -= 1;
            } else {
                parser.token_index += parser.token_increment;
                continue;
            }
        }
        match parser.state {
            State::Init => {
                if parser.current_is(":") {
                    parser.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if parser.current_is(":") {
                    parser.compute_protocol_matches_a_special_scheme_flag(engine)?;
                    let mut next_state = State::Pathname;
                    let mut skip = 1;
                    if parser.next_is_authority_slashes() {
                        next_state = State::Authority;
                        skip = 3;
                    } else if parser.protocol_matches_a_special_scheme_flag {
                        next_state = State::Authority;
                    }
                    parser.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if parser.current_is("@") {
                    parser.rewind_and_set_state(State::Username);
                } else if parser.current_is("/")
                    || parser.is_a_search_prefix()
                    || parser.current_is("#")
                {
                    parser.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if parser.current_is(":") {
                    parser.change_state(State::Password, 1);
                } else if parser.current_is("@") {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if parser.current_is("@") {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if parser.current_is("[") {
                    parser.hostname_ipv6_bracket_depth += 1;
                } else if parser.current_is("]") {
                    parser.hostname_ipv6_bracket_depth -= 1;
                } else if parser.current_is(":") && parser.hostname_ipv6_bracket_depth == 0 {
                    parser.change_state(State::Port, 1);
                } else if parser.current_is("/") {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.current_is("#") {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if parser.current_is("/") {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.current_is("#") {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.current_is("#") {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if parser.current_is("#") {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        parser.token_index += parser.token_increment;
    }
    if parser.result.hostname.is_some() && parser.result.port.is_none() {
        // An unspecified port is the default port; "*" must be written to match any.
        parser.result.port = Some(String::new());
    }
    Ok(parser.result)
}
