#pragma once
// The `error.id` of a failed DAP response, and whether the editor shows it to the user: where the
// user caused it (a launch configuration, a command they gave, a value they typed), yes.
enum class DapError {
    Configuration = 1001, // launch or attach arguments that cannot work (shown)
    Arguments = 1002,     // a request's arguments of the wrong type or missing (the editor's)
    NotNow = 1003,        // not in this state: before initialize, a running thread, a machine gone
    Unsupported = 1004,   // a request xsprof dap does not implement
    Inspection = 1005,    // stack, scopes, variables, evaluate, source could not be answered
    Machine = 1006,       // a machine did not do what was asked (profiling; shown)
    BadInput = 1007,      // a request framed wrongly
    Assignment = 1008,    // setVariable: the value typed was not assigned, or is refused here (shown)
};
constexpr bool showsUser(DapError kind)
{
    return kind == DapError::Configuration || kind == DapError::Machine || kind == DapError::Assignment;
}
