package definition

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Reading a seed back. SeedUserData reads the one layout SeedISO writes (ISO 9660: a primary
// volume descriptor at sector 16, a root directory whose records name the seed's files, each
// file in one extent) and nothing else: no other volume descriptor, no subdirectory, and no
// System Use field (SUSP, Rock Ridge) is ever looked at. It reads the image in memory, with
// no recursion and no loop that does not advance through a bounded root directory, so its
// cost is bounded whatever the bytes: at most maxSeedRootBytes of records examined, and one
// allocation of the user data it returns (at most MaxSeedUserDataBytes), or of the error.
//
// github.com/kdomanski/iso9660's reader, which SeedISO writes with, is not used here: it
// follows SUSP continuation entries recursively (a self-referencing "CE" overflows the stack),
// loops forever on a zero-length SUSP entry and allocates whatever length a "CE" names,
// none of which recover() catches.

// MaxSeedUserDataBytes bounds the user-data file SeedUserData returns.
const MaxSeedUserDataBytes = 4 << 20

// ErrSeedNoUserData says that an image has no user-data file in its root.
var ErrSeedNoUserData = errors.New("seed iso: no user-data file")

const (
	isoSector        = 2048
	isoPVDOffset     = 16 * isoSector
	maxSeedRootBytes = 16 * isoSector // SeedISO's root directory is one sector
	// A directory record: 33 bytes, then the name (at least one byte).
	isoRecordMin  = 34
	isoFlagDir    = 0x02
	isoFlagAssoc  = 0x04
	isoFlagExtent = 0x80 // the file continues in another record
)

// seedFormatError says why an image is not a seed SeedISO writes. A pointer to it is the only
// allocation a refusal costs; the text is formatted when read.
type seedFormatError struct {
	what       string
	got, limit uint64
}

func (e *seedFormatError) Error() string {
	if e.limit == 0 && e.got == 0 {
		return "seed iso: " + e.what
	}
	return fmt.Sprintf("seed iso: %s (%d, limit %d)", e.what, e.got, e.limit)
}

func badSeed(what string, got, limit uint64) error { return &seedFormatError{what, got, limit} }

// SeedUserData returns a copy of the user-data file of a NoCloud seed ISO, as SeedISO wrote
// it. The image is read as untrusted input: anything SeedISO does not write is an error, and
// a user-data file larger than MaxSeedUserDataBytes is refused.
func SeedUserData(iso []byte) ([]byte, error) {
	root, err := seedRoot(iso)
	if err != nil {
		return nil, err
	}
	ext, err := seedUserDataExtent(iso, root)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(iso[ext.start:ext.end]), nil
}

// isoExtent is a byte range of the image, start <= end <= len(image).
type isoExtent struct{ start, end uint64 }

// seedRoot checks the primary volume descriptor and returns the root directory's extent.
func seedRoot(iso []byte) (isoExtent, error) {
	if uint64(len(iso)) < isoPVDOffset+isoSector {
		return isoExtent{}, badSeed("image ends before its volume descriptor", uint64(len(iso)), isoPVDOffset+isoSector)
	}
	pvd := iso[isoPVDOffset : isoPVDOffset+isoSector]
	if pvd[0] != 1 || string(pvd[1:6]) != "CD001" || pvd[6] != 1 {
		return isoExtent{}, badSeed("no primary volume descriptor at sector 16", 0, 0)
	}
	le, be := binary.LittleEndian.Uint16(pvd[128:]), binary.BigEndian.Uint16(pvd[130:])
	if le != isoSector || be != isoSector {
		return isoExtent{}, badSeed("logical block size is not 2048", uint64(le), isoSector)
	}
	rec := pvd[156 : 156+isoRecordMin]
	if rec[0] != isoRecordMin || rec[25]&isoFlagDir == 0 {
		return isoExtent{}, badSeed("the root directory record is no directory record", 0, 0)
	}
	return recordExtent(iso, rec, maxSeedRootBytes)
}

// seedUserDataExtent scans the root directory's records for the one user-data file. Records
// never cross a sector; a zero byte where a record would start pads the rest of the sector.
// Every step moves forward through the bounded root, so the scan ends.
func seedUserDataExtent(iso []byte, root isoExtent) (isoExtent, error) {
	dir := iso[root.start:root.end]
	var found isoExtent
	seen := false
	for off := 0; off < len(dir); {
		n := int(dir[off])
		if n == 0 {
			off = (off/isoSector + 1) * isoSector
			continue
		}
		sectorEnd := min((off/isoSector+1)*isoSector, len(dir))
		if n < isoRecordMin || off+n > sectorEnd {
			return isoExtent{}, badSeed("a directory record's length does not fit its sector", uint64(n), uint64(sectorEnd-off))
		}
		rec := dir[off : off+n]
		off += n
		nameLen := int(rec[32])
		if 33+nameLen > n {
			return isoExtent{}, badSeed("a file name is longer than its record", uint64(nameLen), uint64(n-33))
		}
		if name := string(rec[33 : 33+nameLen]); name != seedUserData+";1" && name != seedUserData {
			continue
		}
		if rec[25]&(isoFlagDir|isoFlagAssoc|isoFlagExtent) != 0 {
			return isoExtent{}, badSeed("user-data is not a file in one extent", uint64(rec[25]), 0)
		}
		if seen {
			return isoExtent{}, badSeed("two user-data records", 0, 0)
		}
		ext, err := recordExtent(iso, rec, MaxSeedUserDataBytes)
		if err != nil {
			return isoExtent{}, err
		}
		found, seen = ext, true
	}
	if !seen {
		return isoExtent{}, ErrSeedNoUserData
	}
	return found, nil
}

// recordExtent returns the extent directory record rec names, when its little- and big-endian
// copies agree, it holds at most limit bytes, and it lies within the image.
func recordExtent(iso, rec []byte, limit uint64) (isoExtent, error) {
	if rec[1] != 0 {
		return isoExtent{}, badSeed("a record has an extended attribute record", uint64(rec[1]), 0)
	}
	loc, okLoc := bothEndian32(rec[2:10])
	size, okSize := bothEndian32(rec[10:18])
	if !okLoc || !okSize {
		return isoExtent{}, badSeed("a record's little- and big-endian numbers disagree", 0, 0)
	}
	if uint64(size) > limit {
		return isoExtent{}, badSeed("an extent is larger than a seed's", uint64(size), limit)
	}
	start := uint64(loc) * isoSector
	end := start + uint64(size)
	if end > uint64(len(iso)) {
		return isoExtent{}, badSeed("an extent ends beyond the image", end, uint64(len(iso)))
	}
	return isoExtent{start, end}, nil
}

// bothEndian32 reads ISO 9660's both-byte-order 32-bit number: little-endian, then big-endian.
func bothEndian32(b []byte) (uint32, bool) {
	le, be := binary.LittleEndian.Uint32(b[0:4]), binary.BigEndian.Uint32(b[4:8])
	return le, le == be
}
