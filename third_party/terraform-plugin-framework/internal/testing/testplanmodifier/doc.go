// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testplanmodifier contains declarative resource/schema/planmodifier
// implementations for unit testing.
package testplanmodifier
