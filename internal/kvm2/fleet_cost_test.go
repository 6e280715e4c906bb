package kvm2

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// fleetWork creates n VMs on a fresh fake host (started when running), ten at a time as
// Terraform's default parallelism does, then deletes them all the same way, and returns the RPCs
// the host saw in each, by method.
func fleetWork(t *testing.T, n int, running bool) (create, del map[string]int) {
	t.Helper()
	h := newCore(t)
	name := func(i int) string { return fmt.Sprintf("fleet-%04d", i) }
	each := func(op func(i int) error) map[string]int {
		h.fb.ResetCalls()
		work := make(chan int)
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				for i := range work {
					if err := op(i); err != nil {
						t.Errorf("%s: %v", name(i), err)
					}
				}
			})
		}
		for i := range n {
			work <- i
		}
		close(work)
		wg.Wait()
		byMethod := map[string]int{}
		for _, c := range h.fb.Calls() {
			byMethod[c.Method]++
		}
		return byMethod
	}
	create = each(func(i int) error {
		req := labRequest()
		req.Name, req.UID, req.Running = name(i), fleetUID(i), running
		_, err := h.c.Create(context.Background(), req)
		return err
	})
	del = each(func(i int) error {
		return h.c.Delete(context.Background(), rules.FormatID(labHost, name(i)), fleetUID(i))
	})
	return create, del
}

// A create costs the same RPCs however many VMs the host already has: 20 and 100 created ten at a
// time cost the same per VM, every method counted.
func TestFleetCost_createPerVMDoesNotGrow(t *testing.T) {
	small, _ := fleetWork(t, 20, true)
	large, _ := fleetWork(t, 100, true)
	perSmall, perLarge := float64(total(small))/20, float64(total(large))/100
	t.Logf("create: %.2f RPCs per VM at 20 VMs, %.2f at 100 (%s)", perSmall, perLarge, describe(large))
	if perLarge > perSmall {
		t.Errorf("a create's RPCs grow with the fleet: %.2f per VM at 20 VMs, %.2f at 100\n20:  %s\n100: %s",
			perSmall, perLarge, describe(small), describe(large))
	}
}

// A delete of a stopped VM costs the same RPCs however many stopped VMs the host has: the in-use
// reads of a fleet's destroy read each stopped domain's definition once, then again only when its
// block statistics change (hostops.DefinitionReuse), rather than every definition once per wave
// of deletes. Deletes of running VMs still read every running domain's next-boot definition per
// wave (no statistics describe it): DESIGN.md, "A fleet's deletes share one host read".
func TestFleetCost_deletePerVMDoesNotGrow(t *testing.T) {
	_, small := fleetWork(t, 20, false)
	_, large := fleetWork(t, 100, false)
	perSmall, perLarge := float64(total(small))/20, float64(total(large))/100
	t.Logf("delete of stopped VMs: %.2f RPCs per VM at 20 VMs, %.2f at 100 (%s)", perSmall, perLarge, describe(large))
	if perLarge > perSmall*1.05 {
		t.Errorf("a delete's RPCs grow with the fleet: %.2f per VM at 20 VMs, %.2f at 100\n20:  %s\n100: %s",
			perSmall, perLarge, describe(small), describe(large))
	}
}
