//! Exceptions the specs name, built in the realm the module was instantiated in.

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// A `DOMException` with `name`, made with the host's constructor; where a host has none
/// (some embedded engines), an `Error` whose `name` is set, so callers still see the name.
pub fn dom_exception(message: &str, name: &str) -> JsValue {
    let global = js_sys::global();
    if let Ok(constructor) = Reflect::get(&global, &JsValue::from_str("DOMException"))
        && let Some(constructor) = constructor.dyn_ref::<Function>()
    {
        let args = js_sys::Array::of2(&JsValue::from_str(message), &JsValue::from_str(name));
        if let Ok(exception) = Reflect::construct(constructor, &args) {
            return exception;
        }
    }
    let error = js_sys::Error::new(message);
    error.set_name(name);
    error.into()
}
