// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package reflect contains the implementation for converting framework-defined
// data into and from provider-defined Go types.
package reflect
