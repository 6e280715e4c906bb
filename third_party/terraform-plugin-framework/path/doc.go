// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package path implements attribute path functionality, which defines
// transversals into schema-based data.
package path
