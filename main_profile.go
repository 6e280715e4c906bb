//go:build profile

// A profiling build of the provider (go build -tags profile), for the fleet benchmark only: when
// KVM2_PROFILE_DIR is set, each provider process writes a CPU profile of its whole life and a
// heap profile at exit to that directory (cpu-<pid>.pprof, heap-<pid>.pprof), the heap profile
// of its largest in-use heap (heap-peak-<pid>.pprof, sampled every 20 ms), and the runtime's
// figures at exit in stats-<pid>.txt. Release builds never include this file.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"
)

func init() {
	dir := os.Getenv("KVM2_PROFILE_DIR")
	if dir == "" {
		return
	}
	runtime.MemProfileRate = 4096 // fine-grained heap profiles; the default samples every 512 KiB
	pid := os.Getpid()
	cpu, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", pid)))
	if err != nil {
		return
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		_ = cpu.Close()
		return
	}
	go keepPeakHeap(filepath.Join(dir, fmt.Sprintf("heap-peak-%d.pprof", pid)))
	afterServe = func() {
		pprof.StopCPUProfile()
		_ = cpu.Close()
		if heap, err := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", pid))); err == nil {
			_ = pprof.Lookup("allocs").WriteTo(heap, 0)
			_ = heap.Close()
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("stats-%d.txt", pid)), fmt.Appendf(nil,
			"args %v\nheap_sys %d\nheap_inuse %d\nstack_sys %d\nsys %d\ntotal_alloc %d\nnum_gc %d\ngoroutines %d\n",
			os.Args[1:], ms.HeapSys, ms.HeapInuse, ms.StackSys, ms.Sys, ms.TotalAlloc, ms.NumGC, runtime.NumGoroutine()), 0o644)
	}
}

// keepPeakHeap samples the heap every 20 ms and writes the heap profile of the largest in-use
// heap seen so far to file.
func keepPeakHeap(file string) {
	var peak uint64
	var ms runtime.MemStats
	for range time.Tick(20 * time.Millisecond) {
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse <= peak {
			continue
		}
		peak = ms.HeapInuse
		var b bytes.Buffer
		if pprof.Lookup("heap").WriteTo(&b, 0) == nil && os.WriteFile(file+".tmp", b.Bytes(), 0o644) == nil {
			_ = os.Rename(file+".tmp", file) // whole, even if the process ends while writing
		}
		_ = os.WriteFile(file+".txt", fmt.Appendf(nil,
			"sys %d\nheap_sys %d\nheap_inuse %d\nheap_idle %d\nheap_released %d\nheap_alloc %d\nstack_sys %d\nmspan_sys %d\ngc_sys %d\nother_sys %d\nnext_gc %d\n",
			ms.Sys, ms.HeapSys, ms.HeapInuse, ms.HeapIdle, ms.HeapReleased, ms.HeapAlloc, ms.StackSys, ms.MSpanSys,
			ms.GCSys, ms.OtherSys, ms.NextGC), 0o644)
	}
}
