// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package attr contains type and value interfaces for core framework and
// provider-defined data types. The underlying xattr package contains
// additional interfaces for advanced type functionality.
package attr
