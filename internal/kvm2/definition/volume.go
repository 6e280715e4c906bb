package definition

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"libvirt.org/go/libvirtxml"
)

// VolumeSpec describes a storage volume to create. BackingPath makes it a copy-on-write
// overlay on that file, which must then be qcow2 itself.
type VolumeSpec struct {
	Name          string
	Format        string
	CapacityBytes uint64
	BackingPath   string
	BackingFormat string
}

// VolumeXML renders the storage volume definition for StorageVolCreateXML. The backing format
// is always written: without it, libvirt and QEMU refuse to probe the backing file's format.
func VolumeXML(v VolumeSpec) (string, error) {
	if err := v.validate(); err != nil {
		return "", err
	}
	vol := &libvirtxml.StorageVolume{
		Name:     v.Name,
		Capacity: &libvirtxml.StorageVolumeSize{Unit: "bytes", Value: v.CapacityBytes},
		Target:   &libvirtxml.StorageVolumeTarget{Format: &libvirtxml.StorageVolumeTargetFormat{Type: v.Format}},
	}
	if v.BackingPath != "" {
		vol.BackingStore = &libvirtxml.StorageVolumeBackingStore{
			Path:   v.BackingPath,
			Format: &libvirtxml.StorageVolumeTargetFormat{Type: v.BackingFormat},
		}
	}
	out, err := vol.Marshal()
	if err != nil {
		return "", fmt.Errorf("volume %q: marshal: %w", v.Name, err)
	}
	return out, nil
}

// validate names every problem with the spec at once.
func (v VolumeSpec) validate() error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if v.Name == "" || strings.Contains(v.Name, "/") {
		add("name %q must be non-empty and contain no slash", v.Name)
	}
	if !isVolumeFormat(v.Format) {
		add("format %q is neither %q nor %q", v.Format, FormatQCOW2, FormatRaw)
	}
	if v.CapacityBytes == 0 {
		add("capacity must be positive")
	}
	switch {
	case v.BackingPath == "" && v.BackingFormat != "":
		add("backing format %q given without a backing path", v.BackingFormat)
	case v.BackingPath != "":
		if err := checkFilePath("backing", v.BackingPath); err != nil {
			add("%v", err)
		}
		if !isVolumeFormat(v.BackingFormat) {
			add("backing format %q is neither %q nor %q", v.BackingFormat, FormatQCOW2, FormatRaw)
		}
		if v.Format != FormatQCOW2 {
			add("only a qcow2 volume can have a backing file, not %q", v.Format)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("volume %q: %s", v.Name, strings.Join(problems, "; "))
	}
	return nil
}

// isVolumeFormat reports whether f is a format we create.
func isVolumeFormat(f string) bool { return f == FormatQCOW2 || f == FormatRaw }

// MarkerVolumeXML renders an empty raw volume (capacity 0): a marker whose name is all it says.
// A checksum file, a disk or an upload never has that form.
func MarkerVolumeXML(name string) (string, error) {
	if name == "" || strings.Contains(name, "/") {
		return "", fmt.Errorf("marker volume %q: name must be non-empty and contain no slash", name)
	}
	vol := &libvirtxml.StorageVolume{
		Name:     name,
		Capacity: &libvirtxml.StorageVolumeSize{Unit: "bytes", Value: 0},
		Target:   &libvirtxml.StorageVolumeTarget{Format: &libvirtxml.StorageVolumeTargetFormat{Type: FormatRaw}},
	}
	out, err := vol.Marshal()
	if err != nil {
		return "", fmt.Errorf("marker volume %q: marshal: %w", name, err)
	}
	return out, nil
}

// VolumeFacts are the parts of a volume's definition the core reads: its file path, its format
// and the backing file it records ("" when it has none).
type VolumeFacts struct {
	Path    string
	Format  string
	Backing string
}

// ParseVolume reads the facts of a volume XML as libvirt returns it.
func ParseVolume(volXML string) (VolumeFacts, error) {
	if strings.TrimSpace(volXML) == "" {
		return VolumeFacts{}, errors.New("parse volume: empty XML")
	}
	var vol libvirtxml.StorageVolume
	if err := vol.Unmarshal(volXML); err != nil {
		return VolumeFacts{}, fmt.Errorf("parse volume: %w", err)
	}
	var f VolumeFacts
	if vol.Target != nil {
		f.Path = strings.TrimSpace(vol.Target.Path)
		if vol.Target.Format != nil {
			f.Format = vol.Target.Format.Type
		}
	}
	if vol.BackingStore != nil {
		f.Backing = strings.TrimSpace(vol.BackingStore.Path)
	}
	return f, nil
}

// VolumeBacking returns the backing file path of a volume XML, or "" when it has none.
func VolumeBacking(volXML string) (string, error) {
	f, err := ParseVolume(volXML)
	return f.Backing, err
}

// PoolVolume names a volume by pool and volume name, as a type="volume" disk source does.
type PoolVolume struct{ Pool, Volume string }

// PoolDir is the target directory of a storage pool's definition, cleaned: the directory a
// directory pool (dir, fs, netfs) creates a volume named n in, as PoolDir/n.
func PoolDir(poolXML string) (string, error) {
	var pool libvirtxml.StoragePool
	if err := pool.Unmarshal(poolXML); err != nil {
		return "", fmt.Errorf("parse pool: %w", err)
	}
	if pool.Target == nil || strings.TrimSpace(pool.Target.Path) == "" {
		return "", fmt.Errorf("the pool's definition (type %q) names no target directory", pool.Type)
	}
	dir := path.Clean(strings.TrimSpace(pool.Target.Path))
	if !path.IsAbs(dir) {
		return "", fmt.Errorf("the pool's target %q is not an absolute path", dir)
	}
	return dir, nil
}
