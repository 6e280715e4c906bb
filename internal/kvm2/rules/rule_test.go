package rules

import (
	"strconv"
	"strings"
	"testing"
)

// textRules and intRules are every rule of a value this package states, by name.
var (
	textRules = map[string]Text{
		"HostName": HostName, "Address": Address, "User": User, "Socket": Socket, "VMName": VMName,
		"BootFirmware": BootFirmware, "NetworkName": NetworkName, "PoolName": PoolName, "BridgeName": BridgeName,
		"Tag": Tag, "NetworkConfig": NetworkConfig, "WaitFamily": WaitFamily, "MACAddress": MACAddress,
		"NamePrefix": NamePrefix, "ID": ID, "UID": UID, "Power": Power, "ShutdownTimeout": ShutdownTimeout,
		"BaseImageName": BaseImageName, "SHA256": SHA256, "ImageFormat": ImageFormat, "SourceURL": SourceURL,
	}
	intRules = map[string]Ints{
		"Port": Port, "MaxConcurrentOperations": MaxConcurrentOperations, "MaxClientRequests": MaxClientRequests,
		"Hosts": Hosts, "JumpHosts": JumpHosts, "VCPUs": VCPUs, "MemoryMiB": MemoryMiB, "DiskGiB": DiskGiB,
		"NICCount": NICCount, "Average": Average, "Peak": Peak, "Burst": Burst, "IPWaitInterface": IPWaitInterface,
	}
)

// TestRulesRefuseWhatTheyState: each rule accepts the values at its stated bounds and refuses
// every value just outside them (Outside: below the minimum, above the maximum, zero, negative,
// each refused control character, white space, each forbidden character).
func TestRulesRefuseWhatTheyState(t *testing.T) {
	for name, r := range textRules {
		for _, v := range r.Inside() {
			if err := r.Check(v); err != nil {
				t.Errorf("%s refuses %q, which its words accept: %v", name, v, err)
			}
		}
		for _, v := range r.Outside() {
			if r.Check(v) == nil {
				t.Errorf("%s accepts %q, which its words (%s) refuse", name, v, r.Words)
			}
		}
	}
	for name, r := range intRules {
		for _, v := range r.Inside() {
			if err := r.Check(v); err != nil {
				t.Errorf("%s refuses %d: %v", name, v, err)
			}
		}
		for _, v := range r.Outside() {
			if r.Check(v) == nil {
				t.Errorf("%s accepts %d, outside %s", name, v, r.Text())
			}
		}
	}
}

// TestRuleWordsSayTheirBounds: a rule's words state each bound and class its fields declare,
// and declare every class they state, so that the words and the checks cannot drift apart.
func TestRuleWordsSayTheirBounds(t *testing.T) {
	for name, r := range textRules {
		w := r.Words
		if r.MaxLen > 0 && !strings.Contains(w, strconv.Itoa(r.MaxLen)) {
			t.Errorf("%s: words %q do not say the length %d", name, w, r.MaxLen)
		}
		if says := strings.Contains(w, "control character"); says != (r.Control != AnyControl) {
			t.Errorf("%s: words say control characters: %v; rule refuses them: %v", name, says, r.Control != AnyControl)
		}
		if says := strings.Contains(w, "other than tab, line feed and carriage return"); says != (r.Control == NoControlButLineBreaks) {
			t.Errorf("%s: words say line breaks are allowed: %v; rule allows them: %v", name, says, r.Control == NoControlButLineBreaks)
		}
		if says := strings.Contains(w, "white space"); says != r.Space {
			t.Errorf("%s: words say white space: %v; rule refuses it: %v", name, says, r.Space)
		}
		names := map[rune]string{'[': "brackets", ']': "brackets", '@': "user", '/': "path"}
		for _, c := range r.Forbid {
			if !strings.Contains(w, "'"+string(c)+"'") && (names[c] == "" || !strings.Contains(w, names[c])) {
				t.Errorf("%s: words %q do not name the refused %q", name, w, c)
			}
		}
		for _, v := range r.Values {
			if !strings.Contains(w, `"`+v+`"`) {
				t.Errorf("%s: words %q do not list %q", name, w, v)
			}
		}
	}
	for name, r := range intRules {
		if !strings.Contains(r.Text(), strconv.FormatInt(r.Max, 10)) && !r.AtLeast {
			t.Errorf("%s: %q does not say the maximum %d", name, r.Text(), r.Max)
		}
	}
}
