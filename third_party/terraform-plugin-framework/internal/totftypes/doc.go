// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package totftypes contains functions to convert from framework types to
// terraform-plugin-go tftypes types.
package totftypes
