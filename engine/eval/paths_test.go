package eval_test

// Test inputs beside the checkout: the shared reference data (tests that
// need it skip when it is absent).
const (
	sharedDir = "../../../shared"
	corpusDir = sharedDir + "/zrf-corpus"
)
