package kvmerr

import "fmt"

// QuotaError reports that storage pool Pool on Host has fewer Available bytes than Needed.
type QuotaError struct {
	Host, Pool        string
	Available, Needed uint64
}

// Error names the pool, the host, and the free and needed sizes in both readable and exact form.
func (e *QuotaError) Error() string {
	return fmt.Sprintf("pool %q on host %q has %s free, needs %s",
		e.Pool, e.Host, formatBytes(e.Available), formatBytes(e.Needed))
}

// Is makes errors.Is(err, ErrQuotaExceeded) true for a QuotaError anywhere in the chain.
func (e *QuotaError) Is(target error) bool { return target == ErrQuotaExceeded }

// formatBytes renders n as "1.5 GiB (1610612736 bytes)", or "n bytes" below one KiB.
func formatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	suffixes := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	value := float64(n) / unit
	i := 0
	for value >= unit && i < len(suffixes)-1 {
		value /= unit
		i++
	}
	return fmt.Sprintf("%.1f %s (%d bytes)", value, suffixes[i], n)
}
