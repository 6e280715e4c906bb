//go:build chaos

package provider

import "testing"

func TestAccChaos_stub(t *testing.T) { _ = newFaultLab; _ = withRestartLock }
