package gamefile

// Test inputs: the games we ship and the shared reference data beside the
// checkout (tests that need it skip when it is absent).
const (
	gamesDir  = "../games"
	sharedDir = "../../shared"
)
