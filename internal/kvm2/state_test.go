package kvm2

import (
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

func TestStateOf(t *testing.T) {
	tests := []struct {
		in     libvirt.DomainState
		want   State
		active bool
	}{
		{libvirt.DomainNostate, StateUnknown, false},
		{libvirt.DomainRunning, StateRunning, true},
		{libvirt.DomainBlocked, StateRunning, true},
		{libvirt.DomainPaused, StatePaused, true},
		{libvirt.DomainShutdown, StateRunning, true},
		{libvirt.DomainShutoff, StateStopped, false},
		{libvirt.DomainCrashed, StateCrashed, false},
		{libvirt.DomainPmsuspended, StateSuspended, true},
		{libvirt.DomainState(42), StateUnknown, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.want)+"/"+string(rune('0'+tt.in)), func(t *testing.T) {
			if got := stateOf(tt.in); got != tt.want {
				t.Fatalf("stateOf(%d) = %s, want %s", tt.in, got, tt.want)
			}
			if got := isActive(tt.in); got != tt.active {
				t.Fatalf("isActive(%d) = %v, want %v", tt.in, got, tt.active)
			}
		})
	}
}
