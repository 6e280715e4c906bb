// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

package toproto5

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"

	"github.com/hashicorp/terraform-plugin-framework/internal/fwserver"
	"github.com/hashicorp/terraform-plugin-framework/internal/totftypes"
)

// PlanResourceChangeResponse returns the *tfprotov5.PlanResourceChangeResponse
// equivalent of a *fwserver.PlanResourceChangeResponse.
func PlanResourceChangeResponse(ctx context.Context, fw *fwserver.PlanResourceChangeResponse) *tfprotov5.PlanResourceChangeResponse {
	if fw == nil {
		return nil
	}

	proto5 := &tfprotov5.PlanResourceChangeResponse{
		Deferred:    ResourceDeferred(fw.Deferred),
		Diagnostics: Diagnostics(ctx, fw.Diagnostics),
	}

	plannedState, diags := State(ctx, fw.PlannedState)

	proto5.Diagnostics = append(proto5.Diagnostics, Diagnostics(ctx, diags)...)
	proto5.PlannedState = plannedState

	plannedIdentity, diags := ResourceIdentity(ctx, fw.PlannedIdentity)

	proto5.Diagnostics = append(proto5.Diagnostics, Diagnostics(ctx, diags)...)
	proto5.PlannedIdentity = plannedIdentity

	requiresReplace, diags := totftypes.AttributePaths(ctx, fw.RequiresReplace)

	proto5.Diagnostics = append(proto5.Diagnostics, Diagnostics(ctx, diags)...)
	proto5.RequiresReplace = requiresReplace

	plannedPrivate, diags := fw.PlannedPrivate.Bytes(ctx)

	proto5.Diagnostics = append(proto5.Diagnostics, Diagnostics(ctx, diags)...)
	proto5.PlannedPrivate = plannedPrivate

	return proto5
}
