// Placeholder: replaced by the module's tests.
