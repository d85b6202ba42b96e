package cluster

// The open differences: classes of answers where jobkit still differs
// from a real v1.36.3 API server, found by the live tests and not fixed
// yet. They are bugs, not choices (the README's compatibility table lists
// them as open); each test fails on a class not listed here and on a
// listed class that no longer occurs, so this list is exactly what the
// corpus shows.

// openGenerated are TestCreateLiveGenerated's open classes.
var openGenerated = map[string]string{}

// openFilled are TestCreateLiveFilled's open classes.
var openFilled = map[string]string{}
