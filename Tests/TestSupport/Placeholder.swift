// Placeholder: the test bed harness lives here.
