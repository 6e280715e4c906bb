// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testing contains internal framework helpers for unit testing.
package testing
