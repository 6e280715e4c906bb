// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package setdefault provides default values for types.Set attributes.
package setdefault
