package kvm2

import (
	"context"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/userdata"
)

const opReadUserData = "read the user data of"

// MaxSeedBytes bounds the seed volume ReadUserData reads. A seed SeedISO writes is tens of KiB
// plus the user data; a larger volume is not read.
const MaxSeedBytes = userdata.MaxSeedBytes

// defaultSeedReadBudget bounds one read of a seed volume of less than 1 MiB (ReadUserData).
const defaultSeedReadBudget = userdata.DefaultReadBudget

// Why ReadUserData does not return the user data (package userdata says each). Each comes
// wrapped in a Permanent error that names the VM; none carries any of the user data.
var (
	// ErrUserDataNotStored: the mark does not say the user data came from an input the caller
	// keeps (write-only input, a VM made before the mark recorded its source, or none).
	ErrUserDataNotStored = userdata.ErrNotStored
	ErrSeedNotOurs       = userdata.ErrSeedNotOurs
	ErrSeedMissing       = userdata.ErrSeedMissing
	ErrSeedTooLarge      = userdata.ErrSeedTooLarge
	ErrSeedUnverified    = userdata.ErrSeedUnverified
	ErrSeedMismatch      = userdata.ErrSeedMismatch
	ErrSeedUnreadable    = userdata.ErrSeedUnreadable
)

// ReadUserData reads back the user data of the VM id with uid from its seed, for an import:
// only when the mark records the user data as stored (CreateRequest.WriteOnlyUserData unset)
// and a digest of the seed, only when the seed is provably this VM's (the domain's own
// definition names it, its volume carries the UID in its name), only when the whole seed
// matches the mark's seed digest, which binds the mark's source too (checked before a byte of
// it is parsed), and only when its user-data matches the sha256 in the mark. The seed is parsed
// by definition.SeedUserData, whose cost is bounded whatever the bytes. Anything else is a
// Permanent error wrapping one of the reasons above (or the host's own error), and the caller
// then has no user data: nothing read is ever returned unverified.
//
// The seed is read through a stream on a dedicated connection, capped at MaxSeedBytes and
// bounded in time (a hung read is retried on a new connection: userdata.Read).
func (c *Client) ReadUserData(ctx context.Context, id, uid string) ([]byte, error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, opReadUserData, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, opReadUserData, host, err)
	}
	if _, err := c.host(opReadUserData, host); err != nil {
		return nil, err
	}
	data, err := userdata.Read(ctx, c.pool, host, id, name, uid, c.seedReadBudget, c.log)
	return data, kvmerr.Wrap(opReadUserData, host, err)
}
