//go:build profile

// A profiling build of the provider (go build -tags profile), for the fleet benchmark only: when
// KVM2_PROFILE_DIR is set, each provider process writes a CPU profile of its whole life and a
// heap profile at exit to that directory (cpu-<pid>.pprof, heap-<pid>.pprof), with its peak
// heap and the runtime's figures in stats-<pid>.txt. Release builds never include this file.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

func init() {
	dir := os.Getenv("KVM2_PROFILE_DIR")
	if dir == "" {
		return
	}
	pid := os.Getpid()
	cpu, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", pid)))
	if err != nil {
		return
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		_ = cpu.Close()
		return
	}
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
