package rules

import (
	"strings"
	"testing"
)

func TestPowerRules(t *testing.T) {
	for _, op := range PowerOperations() {
		if err := ValidatePowerOperation(string(op)); err != nil || !strings.Contains(PowerOperationRule, `"`+string(op)+`"`) {
			t.Fatalf("%s: %v, rule %s", op, err, PowerOperationRule)
		}
	}
	if err := ValidatePowerOperation("shutdown"); err == nil {
		t.Fatal("shutdown accepted")
	}
	for s, ok := range map[string]bool{"0s": true, "90s": true, "1h": true, "1h1s": false, "-1s": false, "10": false, "soon": false} {
		if _, err := ParseShutdownTimeout(s); (err == nil) != ok {
			t.Fatalf("%s: %v", s, err)
		}
	}
}
