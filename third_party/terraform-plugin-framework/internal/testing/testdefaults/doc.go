// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testdefaults contains declarative resource/schema/defaults
// implementations for unit testing.
package testdefaults
