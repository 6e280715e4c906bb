package hostops

import (
	"context"
	"errors"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

func TestCheckPoolSpace(t *testing.T) {
	cases := []struct {
		name      string
		available uint64
		needed    uint64
		pool      string
		want      kvmerr.Class // 0: fits
	}{
		{"fits", 100, 99, fake.DefaultPool, 0},
		{"exact", 100, 100, fake.DefaultPool, 0},
		{"short by one", 100, 101, fake.DefaultPool, kvmerr.QuotaExceeded},
		{"empty pool", 0, 1, fake.DefaultPool, kvmerr.QuotaExceeded},
		{"pool missing", 100, 1, "nosuchpool", kvmerr.NotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fb := fake.New("lab")
			fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Available = tc.available })
			err := CheckPoolSpace(context.Background(), fb, "lab", tc.pool, tc.needed)
			if tc.want == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if kvmerr.Classify(err) != tc.want {
				t.Fatalf("err = %v, want class %v", err, tc.want)
			}
			var q *kvmerr.QuotaError
			if tc.want == kvmerr.QuotaExceeded && (!errors.As(err, &q) || q.Available != tc.available || q.Needed != tc.needed) {
				t.Errorf("err = %#v, want a QuotaError with %d free and %d needed", err, tc.available, tc.needed)
			}
		})
	}
}
