package ownership

import (
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

func TestFormatUUID(t *testing.T) {
	u := libvirt.UUID{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}
	if got := FormatUUID(u); got != "12345678-9abc-def0-0123-456789abcdef" {
		t.Fatalf("FormatUUID = %s", got)
	}
}
